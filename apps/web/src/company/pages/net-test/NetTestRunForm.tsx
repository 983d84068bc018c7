/**
 * The form of a new net test, in both consoles: the console's own scope fields (`children`), then the
 * addresses to test (none: every address offered) and the run button.
 */
import type { NetTestAddress } from '@storefleet/contracts';
import { Button, Card, Form, type FormInstance, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The props of a searchable multiple choice, as every field of this form is. */
export const MULTI_SELECT = { mode: 'multiple', allowClear: true, optionFilterProp: 'label' } as const;

interface RunValues {
  addressIds?: number[];
}

export function NetTestRunForm<V extends RunValues>({
  form,
  onFinish,
  running,
  addresses,
  addressesLoading,
  addressLabels,
  children,
}: {
  form: FormInstance<V>;
  onFinish: (values: V) => Promise<void>;
  running: boolean;
  addresses: readonly NetTestAddress[];
  addressesLoading: boolean;
  /** The addresses field's label and hint (locale keys). */
  addressLabels: { label: string; extra: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.netTest.new')}>
      <Form<V> form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={onFinish}>
        {children}
        <Form.Item name="addressIds" label={t(addressLabels.label)} extra={t(addressLabels.extra)}>
          <Select
            {...MULTI_SELECT}
            loading={addressesLoading}
            options={addresses.map((a) => ({ value: a.id, label: `${a.pingUrlName} (${a.pingUrl})` }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={running} data-testid="net-test-run">
          {t('netTestRuns.action.run')}
        </Button>
      </Form>
    </Card>
  );
}
