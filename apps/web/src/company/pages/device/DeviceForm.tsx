import { DeviceEndpoints, DeviceSystem, DictionaryEndpoints, ProductType } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { CategoryCascader, useCategoryTree } from '@/shared/device/CategoryCascader';
import { classProductMismatch, dictionaryName } from '@/shared/device/category-options';
import { useDictionaryOptions } from '@/shared/device/usePropertyTypes';
import { FormCard, FormCol, FormFooter, serverFieldErrors, useFormRules } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import { StorePicker } from '@/shared/org/RegionPicker';
import { storeIdOfPath } from '@/shared/org/region-path';
import { DeviceAssetCard } from './DeviceAssetCard';
import { DeviceNetworkCard } from './DeviceNetworkCard';
import { DeviceTextField } from './DeviceTextField';
import { type DeviceFormValues, defaultEnableRemote, deviceFormFieldOf } from './device-form-values';

export interface DeviceFormProps {
  initialValues: DeviceFormValues;
  /** The device being edited (its own id is left out of the parent-box choices). */
  deviceId?: number;
  submitting: boolean;
  /** Saves; a rejection with a 400 listing fields marks those fields. */
  onSubmit: (values: DeviceFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The device list, where the add and edit pages return. */
export const DEVICE_LIST = '/device/index.html';

/** The device add/update form (spec §3 body, §5 rules checked here as well as on the server). */
export function DeviceForm({ initialValues, deviceId, submitting, onSubmit, onCancel }: DeviceFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeviceFormValues>();
  const { lang, english } = useLang();
  const { required } = useFormRules();
  // Pickers, switches and numbers hold no text: the shared rule's `whitespace` makes antd check the
  // value as a string, which refuses a number, an array or a boolean. Same wording, no text check.
  const storeRule: Rule = {
    validator: (_rule, value: string[] | undefined) =>
      storeIdOfPath(value ?? []) === null
        ? Promise.reject(new Error(t('device.validation.store')))
        : Promise.resolve(),
  };
  const categoryTree = useCategoryTree();
  const categoryRule: Rule = {
    validator: (_rule, value: string[] | undefined) => {
      if ((value ?? []).length < 2) return Promise.reject(new Error(t('device.validation.category')));
      // A class that is a kind of another product type (the server refuses it too).
      const other = classProductMismatch(
        categoryTree.data ?? [],
        value?.[1],
        form.getFieldValue('productId'),
      );
      if (other === null) return Promise.resolve();
      const product = ProductType.has(other) ? ProductType.labelOf(other, lang) : String(other);
      return Promise.reject(new Error(t('device.dataCheck.classOfOtherProduct', { product })));
    },
  };

  const storePath = Form.useWatch('store', form);
  const shopId = storeIdOfPath(storePath ?? []);
  const productId = Form.useWatch('productId', form);
  const brandText = Form.useWatch('deviceBrand', form);

  const boxes = useQuery({
    ...apiQuery(DeviceEndpoints.getDevices, {
      params: { shopId: shopId ?? 0, productType: ProductType.AI_BOX },
    }),
    enabled: shopId !== null,
  });
  const brands = useDictionaryOptions('BRAND');
  const brandCode = useMemo(() => {
    const typed = (brandText ?? '').trim().toLowerCase();
    const match = brands.options.find(
      (o) => o.value.toLowerCase() === typed || o.label.toLowerCase() === typed,
    );
    return match?.value ?? null;
  }, [brandText, brands.options]);
  const models = useQuery({
    ...apiQuery(DictionaryEndpoints.dictionaryRelative, {
      params: { type: 'MODEL', relativeCode: brandCode ?? '' },
    }),
    enabled: brandCode !== null,
    staleTime: 10 * 60_000,
  });

  const productOptions = ProductType.options(lang);
  const systemOptions = DeviceSystem.options(lang);
  const boxOptions = (boxes.data ?? [])
    .filter((b) => b.deviceId !== deviceId)
    .map((b) => ({ value: b.deviceId, label: `${b.deviceName}${b.intranetIp ? ` (${b.intranetIp})` : ''}` }));

  const submit = async (values: DeviceFormValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // The request client has already shown the notice; the fields it names get their message too.
      form.setFields(serverFieldErrors(error, deviceFormFieldOf));
    }
  };

  return (
    <Form<DeviceFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={(changed: DeviceFormValues) => {
        // Picking Android turns remote control on (spec §3 default); the user may still turn it off.
        if ('deviceSystem' in changed && !form.isFieldTouched('enableRemote'))
          form.setFieldValue('enableRemote', defaultEnableRemote(changed.deviceSystem));
        if ('store' in changed) form.setFieldValue('parentDeviceId', null);
      }}
      data-testid="device-form"
    >
      <FormCard title={t('device.form.basic')}>
        <FormCol>
          <Form.Item name="store" label={t('device.field.shopName')} rules={[required, storeRule]}>
            <StorePicker />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item name="productId" label={t('device.field.productId')} rules={[required]}>
            <Select
              options={productOptions}
              placeholder={t('common.pleaseSelect')}
              data-testid="device-form-productId"
            />
          </Form.Item>
        </FormCol>
        {productId !== ProductType.AI_BOX ? (
          <FormCol>
            <Form.Item name="parentDeviceId" label={t('device.field.parentDeviceId')}>
              <Select
                allowClear
                options={boxOptions}
                loading={boxes.isFetching}
                disabled={shopId === null}
                placeholder={t('common.pleaseSelect')}
                data-testid="device-form-parentDeviceId"
              />
            </Form.Item>
          </FormCol>
        ) : null}
        <DeviceTextField name="deviceName" rules={[required]} />
        <DeviceTextField name="hostid" rules={[required]} />
        <FormCol>
          <Form.Item
            name="category"
            label={t('device.filter.category')}
            rules={[required, categoryRule]}
            dependencies={['productId']}
          >
            <CategoryCascader productType={productId} data-testid="device-form-category" />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item name="deviceBrand" label={t('device.field.deviceBrand')} rules={[required]}>
            <AutoComplete
              allowClear
              options={brands.options.map((o) => ({ value: o.label, label: o.label }))}
              filterOption={(input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
              placeholder={t('common.pleaseEnter')}
              data-testid="device-form-deviceBrand"
            />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item name="model" label={t('device.field.model')} rules={[required]}>
            <AutoComplete
              allowClear
              options={(models.data ?? []).map((m) => ({
                value: m.name,
                label: dictionaryName(m, english),
              }))}
              filterOption={(input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
              onSelect={(name: string) => {
                // A known model suggests its product type when none is chosen yet.
                const item = models.data?.find((m) => m.name === name);
                const suggested = Number(item?.attribute1);
                if (form.getFieldValue('productId') === undefined && ProductType.has(suggested))
                  form.setFieldValue('productId', suggested);
              }}
              placeholder={t('common.pleaseEnter')}
              data-testid="device-form-model"
            />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item name="deviceSystem" label={t('device.field.deviceSystem')} rules={[required]}>
            <Select
              options={systemOptions}
              placeholder={t('common.pleaseSelect')}
              data-testid="device-form-deviceSystem"
            />
          </Form.Item>
        </FormCol>
        <DeviceTextField name="deviceSn" />
        <FormCol>
          <Form.Item
            name="isPreinstallation"
            label={t('device.field.isPreinstallation')}
            valuePropName="checked"
            rules={[required]}
          >
            <Switch data-testid="device-form-isPreinstallation" />
          </Form.Item>
        </FormCol>
        <FormCol>
          <Form.Item name="enableRemote" label={t('device.field.enableRemote')} valuePropName="checked">
            <Switch data-testid="device-form-enableRemote" />
          </Form.Item>
        </FormCol>
      </FormCard>
      <DeviceNetworkCard savedConnectType={initialValues.connectType} />
      <DeviceAssetCard />
      <FormFooter
        submitting={submitting}
        submitLabel={t('device.form.submit')}
        cancelLabel={t('device.form.cancel')}
        onCancel={onCancel}
        testId="device-form-submit"
      />
    </Form>
  );
}
