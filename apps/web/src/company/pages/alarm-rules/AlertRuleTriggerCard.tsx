/**
 * The rule part of the alert rule form: name and level; alert type → trigger item (from getAlertItems
 * for that type), condition and threshold in the item's unit, hold time and recovery value, with the
 * trigger read back as a sentence.
 */
import { AlertEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AlertRuleFormValues,
  triggerName,
  triggerText,
  triggerUnit,
} from '@/shared/alerts/alert-rule-values';
import { apiQuery } from '@/shared/api/call';
import { FormCard, FormCol, useFormRules } from '@/shared/form';
import type { AlertRuleOptions } from './useAlertRuleOptions';

export function AlertRuleTriggerCard({ options }: { options: AlertRuleOptions }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<AlertRuleFormValues>();
  const { english } = options;
  const { required } = useFormRules();
  const alertType = Form.useWatch('alertType', form);
  const triggerType = Form.useWatch('triggerType', form);
  const triggerOperator = Form.useWatch('triggerOperator', form);
  const triggerValue = Form.useWatch('triggerValue', form);
  const holdMinutes = Form.useWatch('holdMinutes', form);
  const recoveryValue = Form.useWatch('recoveryValue', form);

  // The trigger as the list will read it, once there is enough to say.
  const sentence =
    typeof triggerType === 'number' && triggerOperator && typeof triggerValue === 'number'
      ? triggerText(
          {
            triggerType,
            triggerOperator,
            triggerValue,
            holdSeconds: Math.round((holdMinutes ?? 0) * 60),
            recoveryValue: recoveryValue ?? null,
          },
          english,
        )
      : null;

  const items = useQuery({
    ...apiQuery(AlertEndpoints.getAlertItems, {
      query: { alertTypeCode: alertType ?? 1 },
    }),
    enabled: alertType !== undefined && alertType !== null,
    staleTime: 10 * 60_000,
  });

  // A product type that does not offer the chosen item (or a new alert type) clears the item.
  useEffect(() => {
    if (!items.data) return;
    const current = form.getFieldValue('triggerType') as number | undefined;
    if (current !== undefined && current !== null && !items.data.some((i) => i.triggerType === current))
      form.setFieldValue('triggerType', undefined);
  }, [items.data, form]);

  const triggerOptions = useMemo(() => {
    const list = (items.data ?? []).map((item) => ({
      value: item.triggerType,
      label: triggerName(item.triggerType, english, item.name),
    }));
    // While the items load, the saved item still shows by name.
    if (!items.data && typeof triggerType === 'number')
      list.push({ value: triggerType, label: triggerName(triggerType, english) });
    return list;
  }, [items.data, triggerType, english]);

  const unit = useMemo(() => {
    const item = items.data?.find((i) => i.triggerType === triggerType);
    return item ? item.unit : triggerUnit(triggerType);
  }, [items.data, triggerType]);

  return (
    <FormCard
      title={t('alarmRules.form.rule')}
      footer={
        sentence && (
          <Alert
            type="info"
            showIcon
            message={t('alarmRules.form.reads', { sentence })}
            data-testid="alarm-rule-form-sentence"
          />
        )
      }
    >
      <FormCol>
        <Form.Item
          name="alertName"
          label={t('alarmRules.field.alertName')}
          rules={[
            { ...required, whitespace: true },
            { max: 64, message: t('alarmRules.validation.nameLength') },
          ]}
        >
          <Input
            allowClear
            maxLength={64}
            placeholder={t('common.pleaseEnter')}
            data-testid="alarm-rule-form-name"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item name="alertLevel" label={t('alarmRules.field.alertLevel')} rules={[required]}>
          <Select
            options={options.levels.options}
            loading={options.levels.loading}
            placeholder={t('common.pleaseSelect')}
            data-testid="alarm-rule-form-level"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item name="alertType" label={t('alarmRules.field.alertType')} rules={[required]}>
          <Select
            options={options.alertTypes.options}
            loading={options.alertTypes.loading}
            placeholder={t('common.pleaseSelect')}
            data-testid="alarm-rule-form-alert-type"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item name="triggerType" label={t('alarmRules.field.triggerType')} rules={[required]}>
          <Select
            options={triggerOptions}
            loading={items.isFetching}
            disabled={alertType === undefined || alertType === null}
            placeholder={
              alertType === undefined || alertType === null
                ? t('alarmRules.form.pickAlertType')
                : t('common.pleaseSelect')
            }
            notFoundContent={items.data ? t('alarmRules.form.noItems') : undefined}
            data-testid="alarm-rule-form-trigger-type"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item name="triggerOperator" label={t('alarmRules.field.triggerOperator')} rules={[required]}>
          <Select
            options={options.operators}
            placeholder={t('common.pleaseSelect')}
            data-testid="alarm-rule-form-operator"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item
          name="triggerValue"
          label={t('alarmRules.field.triggerValue')}
          rules={[
            required,
            {
              validator: (_rule, value: unknown) =>
                value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('alarmRules.validation.number'))),
            },
          ]}
        >
          <InputNumber
            style={{ width: '100%' }}
            suffix={unit || undefined}
            placeholder={t('common.pleaseEnter')}
            data-testid="alarm-rule-form-value"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item
          name="holdMinutes"
          label={t('alarmRules.field.holdMinutes')}
          extra={t('alarmRules.form.holdHelp')}
        >
          <InputNumber
            style={{ width: '100%' }}
            min={0}
            max={1440}
            step={1}
            suffix={t('alarmRules.form.minutes')}
            data-testid="alarm-rule-form-hold"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item
          name="recoveryValue"
          label={t('alarmRules.field.recoveryValue')}
          extra={t('alarmRules.form.recoveryHelp')}
        >
          <InputNumber
            style={{ width: '100%' }}
            suffix={unit || undefined}
            disabled={triggerOperator === 'EQ'}
            placeholder={t('alarmRules.form.recoveryPlaceholder')}
            data-testid="alarm-rule-form-recovery"
          />
        </Form.Item>
      </FormCol>
    </FormCard>
  );
}
