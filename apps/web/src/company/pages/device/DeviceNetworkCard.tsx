import { ConnectType, FORM_CONNECT_TYPES } from '@storefleet/contracts';
import { Form, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

import { FormCard, FormCol, useFormRules } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import { DeviceTextField } from './DeviceTextField';
import type { DeviceFormValues } from './device-form-values';
import { ipAddressProblem, macAddressProblem } from './device-validators';

/** The network part of the device form: connect type, addresses, SNMP community, port and UDP type. */
export function DeviceNetworkCard({
  savedConnectType,
}: {
  /** The device's saved connect type, offered even where the form no longer offers it. */
  savedConnectType: DeviceFormValues['connectType'];
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { required } = useFormRules();
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
  const connectOptions = ConnectType.options(lang).filter(
    (o) => (FORM_CONNECT_TYPES as readonly number[]).includes(o.value) || o.value === savedConnectType,
  );
  return (
    <FormCard title={t('device.form.network')}>
      <FormCol>
        <Form.Item name="connectType" label={t('device.field.connectType')} rules={[required]}>
          <Select
            options={connectOptions}
            placeholder={t('common.pleaseSelect')}
            data-testid="device-form-connectType"
          />
        </Form.Item>
      </FormCol>
      <DeviceTextField name="intranetIp" rules={[ipRule]} max={64} />
      <DeviceTextField name="extranetIp" rules={[ipRule]} max={64} />
      <DeviceTextField name="macAddress" rules={[macRule]} max={32} />
      <DeviceTextField name="community" />
      <FormCol>
        <Form.Item name="port" label={t('device.field.port')} rules={[required]}>
          <InputNumber
            min={1}
            max={65535}
            precision={0}
            style={{ width: '100%' }}
            data-testid="device-form-port"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
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
      </FormCol>
    </FormCard>
  );
}
