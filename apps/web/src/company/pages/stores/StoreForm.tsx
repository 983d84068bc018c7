/** The store form of the add and edit pages: number, name, address and the region cascader. */
import type { Store, StoreCreateBody } from '@storefleet/contracts';
import { Button, Card, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { fieldsNamed, plainFieldOf, serverFieldErrors, useFormRules } from '@/shared/form';
import { RegionCascader } from '@/shared/org/RegionPicker';
import { readRegionPath, regionPathOf } from '@/shared/org/region-path';

interface StoreFormValues {
  storeNo: string;
  storeName: string;
  addr?: string;
  region: string[];
}

/** The store list, where the add and edit pages return. */
export const STORE_LIST = '/stores/index.html';

const sameNamed = fieldsNamed<keyof StoreFormValues>(['storeNo', 'storeName', 'addr']);

/** The form field showing a body field: the three region levels are the one cascader. */
function storeFieldOf(field: string): keyof StoreFormValues | null {
  const name = plainFieldOf(field);
  if (name === 'areaLevel' || name === 'provinceLevel' || name === 'cityLevel') return 'region';
  return sameNamed(field);
}

export interface StoreFormProps {
  /** The store being edited; none when adding. */
  store?: Store;
  submitting: boolean;
  /** Saves; a rejection with a 400 listing fields marks those fields. */
  onSubmit: (body: StoreCreateBody) => Promise<unknown>;
  onCancel: () => void;
}

export function StoreForm({ store, submitting, onSubmit, onCancel }: StoreFormProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<StoreFormValues>();

  useEffect(() => {
    if (store) {
      form.setFieldsValue({
        storeNo: store.storeNo,
        storeName: store.storeName,
        addr: store.addr ?? '',
        region: regionPathOf(store),
      });
    }
  }, [form, store]);

  const submit = async (values: StoreFormValues) => {
    const region = readRegionPath(values.region);
    try {
      await onSubmit({
        storeNo: values.storeNo,
        storeName: values.storeName,
        addr: values.addr,
        areaLevel: region.areaLevel ?? 0,
        provinceLevel: region.provinceLevel,
        cityLevel: region.cityLevel,
      });
    } catch (error) {
      // The request client has already shown the notice; the fields it names get their message too.
      form.setFields(serverFieldErrors(error, storeFieldOf));
    }
  };

  return (
    <Card>
      <Form<StoreFormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={submit}
        data-testid="store-form"
      >
        <Form.Item name="storeNo" label={t('stores.form.storeNo')} rules={[rules.required, { max: 64 }]}>
          <Input data-testid="store-form-no" />
        </Form.Item>
        <Form.Item name="storeName" label={t('stores.form.storeName')} rules={[rules.required, { max: 100 }]}>
          <Input data-testid="store-form-name" />
        </Form.Item>
        <Form.Item
          name="region"
          label={t('stores.form.region')}
          rules={[{ required: true, message: t('stores.form.regionRequired') }]}
        >
          <RegionCascader data-testid="store-form-region" />
        </Form.Item>
        <Form.Item name="addr" label={t('stores.form.addr')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} data-testid="store-form-addr" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="store-form-submit">
            {t('stores.form.submit')}
          </Button>
          <Button onClick={onCancel}>{t('stores.form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
