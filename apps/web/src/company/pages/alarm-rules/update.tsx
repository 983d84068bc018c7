import { AlertEndpoints, type AlertRuleUpdateBody } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formValuesOfRule } from '@/shared/alerts/alert-rule-values';
import { api, apiQuery } from '@/shared/api/call';
import { useFormPage, useIdParam } from '@/shared/form';
import { ALERT_RULE_LIST, AlertRuleForm } from './AlertRuleForm';

/** /alarm-rules/update.html?id=: edits an alert rule (read through listAlertRules?id=). */
export default function AlarmRuleUpdatePage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const rule = useQuery({
    ...apiQuery(AlertEndpoints.listAlertRules, { query: { id, pageNum: 1, pageSize: 1 } }),
    select: (page) => page.list.find((r) => r.id === id) ?? null,
    enabled: id !== null,
  });
  const initialValues = useMemo(() => (rule.data ? formValuesOfRule(rule.data) : null), [rule.data]);
  const page = useFormPage({
    save: (body: AlertRuleUpdateBody) => api(AlertEndpoints.updateAlertRule, { body }),
    invalidates: AlertEndpoints.updateAlertRule,
    savedMessage: t('alarmRules.message.updated'),
    list: ALERT_RULE_LIST,
  });
  if (id === null || rule.isError || rule.data === null) {
    return <Result status="404" title={t('alarmRules.notFound')} data-testid="alarm-rule-not-found" />;
  }
  if (!initialValues) return <Spin />;
  return (
    <AlertRuleForm
      initialValues={initialValues}
      submitting={page.submitting}
      onSubmit={(body) => page.submit({ ...body, id })}
      onCancel={page.cancel}
    />
  );
}
