import { AlertEndpoints, type AlertRuleUpdateBody } from '@storefleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { api, apiQuery, moduleKey } from '../../../shared/api/call';
import { AlertRuleForm } from './AlertRuleForm';
import { formValuesOfRule } from './alert-rule-values';

/** /alarm-rules/update.html?id=: edits an alert rule (read through listAlertRules?id=). */
export default function AlarmRuleUpdatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const text = search.get('id') ?? '';
  const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
  const rule = useQuery({
    ...apiQuery(AlertEndpoints.listAlertRules, { query: { id, pageNum: 1, pageSize: 1 } }),
    select: (page) => page.list.find((r) => r.id === id) ?? null,
    enabled: id !== null,
  });
  const initialValues = useMemo(() => (rule.data ? formValuesOfRule(rule.data) : null), [rule.data]);
  const save = useMutation({
    mutationFn: (body: AlertRuleUpdateBody) => api(AlertEndpoints.updateAlertRule, { body }),
    onSuccess: async () => {
      void message.success(t('alarmRules.message.updated'));
      await queryClient.invalidateQueries({ queryKey: moduleKey(AlertEndpoints.updateAlertRule) });
      await navigate('../index.html', { relative: 'path' });
    },
  });
  if (id === null || rule.isError || rule.data === null) {
    return <Result status="404" title={t('alarmRules.notFound')} data-testid="alarm-rule-not-found" />;
  }
  if (!initialValues) return <Spin />;
  return (
    <AlertRuleForm
      initialValues={initialValues}
      submitting={save.isPending}
      onSubmit={(body) => save.mutateAsync({ ...body, id })}
      onCancel={() => void navigate('../index.html', { relative: 'path' })}
    />
  );
}
