/**
 * The alert rule form of the add and edit pages: the rule and its trigger (AlertRuleTriggerCard), the
 * devices it applies to (AlertRuleDevicesCard). Rules are checked here with the contract's schema
 * (alert-rule-values.ts); a 400 from the server puts its messages on the fields.
 */
import type { AlertRuleBody } from '@storefleet/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type AlertRuleFormValues,
  parseRuleForm,
  serverFieldErrors,
} from '@/shared/alerts/alert-rule-values';
import { FormFooter, submitChecked } from '@/shared/form';
import { AlertRuleDevicesCard } from './AlertRuleDevicesCard';
import { AlertRuleTriggerCard } from './AlertRuleTriggerCard';
import { useAlertRuleOptions } from './useAlertRuleOptions';

export interface AlertRuleFormProps {
  initialValues: AlertRuleFormValues;
  submitting: boolean;
  /** Saves the checked body; a rejection with a 400 listing fields marks those fields. */
  onSubmit: (body: AlertRuleBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The rules list, where the add and edit pages return. */
export const ALERT_RULE_LIST = '/alarm-rules/index.html';

export function AlertRuleForm({ initialValues, submitting, onSubmit, onCancel }: AlertRuleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AlertRuleFormValues>();
  const options = useAlertRuleOptions();
  const { english } = options;

  // The request client has already shown a refusal's notice; the fields it names get their message too.
  const submit = (values: AlertRuleFormValues) =>
    submitChecked(parseRuleForm(values, english ? 'en' : 'zh'), onSubmit, serverFieldErrors, form.setFields);

  return (
    <Form<AlertRuleFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={(changed: AlertRuleFormValues) => {
        // Items belong to one alert type: another type empties the item.
        if ('alertType' in changed) form.setFieldValue('triggerType', undefined);
      }}
      data-testid="alarm-rule-form"
    >
      <AlertRuleTriggerCard options={options} />
      <AlertRuleDevicesCard options={options} savedConnectType={initialValues.connectType} />
      <FormFooter
        submitting={submitting}
        submitLabel={t('alarmRules.form.submit')}
        cancelLabel={t('alarmRules.form.cancel')}
        onCancel={onCancel}
        testId="alarm-rule-form-submit"
      />
    </Form>
  );
}
