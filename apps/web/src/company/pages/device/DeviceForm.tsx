import {
  ConnectType,
  DeviceEndpoints,
  DeviceSystem,
  DictionaryEndpoints,
  FORM_CONNECT_TYPES,
  ProductType,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../../../shared/api/call';
import { CategoryCascader, useCategoryTree } from '../../../shared/device/CategoryCascader';
import { classProductMismatch, dictionaryName } from '../../../shared/device/category-options';
import { useDictionaryOptions, usePropertyTypes } from '../../../shared/device/usePropertyTypes';
import { serverFieldErrors, useFormRules } from '../../../shared/form';
import { useLang } from '../../../shared/i18n/useLang';
import { StorePicker } from '../../../shared/org/RegionPicker';
import { storeIdOfPath } from '../../../shared/org/region-path';
import { type DeviceFormValues, defaultEnableRemote, deviceFormFieldOf } from './device-form-values';
import { ipAddressProblem, macAddressProblem } from './device-validators';

export interface DeviceFormProps {
  initialValues: DeviceFormValues;
  /** The device being edited (its own id is left out of the parent-box choices). */
  deviceId?: number;
  submitting: boolean;
  /** Saves; a rejection with a 400 listing fields marks those fields. */
  onSubmit: (values: DeviceFormValues) => Promise<unknown>;
  onCancel: () => void;
}

const COL = { xs: 24, md: 12, xl: 8 } as const;

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
  const ipRule: Rule = {
    validator: (_rule, value) => {
      const problem = ipAddressProblem(value);
      return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
    },
  };
  const macRule: Rule = {
    validator: (_rule, value) => {
      const problem = macAddressProblem(value);
      return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
    },
  };
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
  const propertyTypes = usePropertyTypes();

  const productOptions = ProductType.options(lang);
  const connectOptions = ConnectType.options(lang).filter(
    (o) =>
      (FORM_CONNECT_TYPES as readonly number[]).includes(o.value) || o.value === initialValues.connectType,
  );
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

  const text = (name: keyof DeviceFormValues, rules: Rule[] = [], max = 128) => (
    <Col {...COL}>
      <Form.Item name={name} label={t(`device.field.${name}`)} rules={rules}>
        <Input
          allowClear
          maxLength={max}
          placeholder={t('common.pleaseEnter')}
          data-testid={`device-form-${name}`}
        />
      </Form.Item>
    </Col>
  );

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
      <Card title={t('device.form.basic')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...COL}>
            <Form.Item name="store" label={t('device.field.shopName')} rules={[required, storeRule]}>
              <StorePicker />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="productId" label={t('device.field.productId')} rules={[required]}>
              <Select
                options={productOptions}
                placeholder={t('common.pleaseSelect')}
                data-testid="device-form-productId"
              />
            </Form.Item>
          </Col>
          {productId !== ProductType.AI_BOX ? (
            <Col {...COL}>
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
            </Col>
          ) : null}
          {text('deviceName', [required])}
          {text('hostid', [required])}
          <Col {...COL}>
            <Form.Item
              name="category"
              label={t('device.filter.category')}
              rules={[required, categoryRule]}
              dependencies={['productId']}
            >
              <CategoryCascader productType={productId} data-testid="device-form-category" />
            </Form.Item>
          </Col>
          <Col {...COL}>
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
          </Col>
          <Col {...COL}>
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
          </Col>
          <Col {...COL}>
            <Form.Item name="deviceSystem" label={t('device.field.deviceSystem')} rules={[required]}>
              <Select
                options={systemOptions}
                placeholder={t('common.pleaseSelect')}
                data-testid="device-form-deviceSystem"
              />
            </Form.Item>
          </Col>
          {text('deviceSn')}
          <Col {...COL}>
            <Form.Item
              name="isPreinstallation"
              label={t('device.field.isPreinstallation')}
              valuePropName="checked"
              rules={[required]}
            >
              <Switch data-testid="device-form-isPreinstallation" />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="enableRemote" label={t('device.field.enableRemote')} valuePropName="checked">
              <Switch data-testid="device-form-enableRemote" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('device.form.network')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...COL}>
            <Form.Item name="connectType" label={t('device.field.connectType')} rules={[required]}>
              <Select
                options={connectOptions}
                placeholder={t('common.pleaseSelect')}
                data-testid="device-form-connectType"
              />
            </Form.Item>
          </Col>
          {text('intranetIp', [ipRule], 64)}
          {text('extranetIp', [ipRule], 64)}
          {text('macAddress', [macRule], 32)}
          {text('community')}
          <Col {...COL}>
            <Form.Item name="port" label={t('device.field.port')} rules={[required]}>
              <InputNumber
                min={1}
                max={65535}
                precision={0}
                style={{ width: '100%' }}
                data-testid="device-form-port"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="udpType" label={t('device.field.udpType')}>
              <Select
                allowClear
                options={[
                  { value: 'udp4', label: 'udp4' },
                  { value: 'udp6', label: 'udp6' },
                ]}
                placeholder={t('common.pleaseSelect')}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('device.form.asset')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {text('assetNo', [], 64)}
          {text('vinNo', [], 64)}
          <Col {...COL}>
            <Form.Item name="propertyType" label={t('device.field.propertyType')}>
              <Select
                allowClear
                options={propertyTypes.options}
                loading={propertyTypes.loading}
                placeholder={t('common.pleaseSelect')}
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="serviceLife" label={t('device.field.serviceLife')}>
              <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {text('custodian', [], 64)}
          <Col {...COL}>
            <Form.Item
              name="obtainTime"
              label={t('device.field.obtainTime')}
              getValueProps={(value: string | null | undefined) => ({
                value: value ? dayjs(value, 'YYYY-MM-DD') : undefined,
              })}
              normalize={(value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {text('specifications', [], 500)}
          <Col xs={24}>
            <Form.Item name="describe" label={t('device.field.describe')}>
              <Input.TextArea maxLength={500} rows={3} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="device-form-submit">
          {t('device.form.submit')}
        </Button>
        <Button onClick={onCancel}>{t('device.form.cancel')}</Button>
      </Space>
    </Form>
  );
}
