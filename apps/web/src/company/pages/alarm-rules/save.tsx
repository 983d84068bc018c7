import { AlertEndpoints, type AlertRuleBody } from '@storefleet/contracts';
import { useTranslation } from 'react-i18next';
import { NEW_RULE_VALUES } from '@/shared/alerts/alert-rule-values';
import { api } from '@/shared/api/call';
import { useFormPage } from '@/shared/form';
import { ALERT_RULE_LIST, AlertRuleForm } from './AlertRuleForm';

/** /alarm-rules/save.html: adds an alert rule. */
export default function AlarmRuleSavePage() {
  const { t } = useTranslation();
  const page = useFormPage({
    save: (body: AlertRuleBody) => api(AlertEndpoints.addAlertRule, { body }),
    invalidates: AlertEndpoints.addAlertRule,
    savedMessage: t('alarmRules.message.added'),
    list: ALERT_RULE_LIST,
  });
  return (
    <AlertRuleForm
      initialValues={NEW_RULE_VALUES}
      submitting={page.submitting}
      onSubmit={page.submit}
      onCancel={page.cancel}
    />
  );
}
