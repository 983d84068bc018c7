import { Col, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePropertyTypes } from '@/shared/device/usePropertyTypes';
import { FormCard, FormCol } from '@/shared/form';
import { DeviceTextField } from './DeviceTextField';

/** The asset part of the device form: asset and VIN numbers, property type, service life, custodian … */
export function DeviceAssetCard() {
  const { t } = useTranslation();
  const propertyTypes = usePropertyTypes();
  return (
    <FormCard title={t('device.form.asset')}>
      <DeviceTextField name="assetNo" max={64} />
      <DeviceTextField name="vinNo" max={64} />
      <FormCol>
        <Form.Item name="propertyType" label={t('device.field.propertyType')}>
          <Select
            allowClear
            options={propertyTypes.options}
            loading={propertyTypes.loading}
            placeholder={t('common.pleaseSelect')}
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item name="serviceLife" label={t('device.field.serviceLife')}>
          <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </FormCol>
      <DeviceTextField name="custodian" max={64} />
      <FormCol>
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
      </FormCol>
      <DeviceTextField name="specifications" max={500} />
      <Col xs={24}>
        <Form.Item name="describe" label={t('device.field.describe')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Col>
    </FormCard>
  );
}
