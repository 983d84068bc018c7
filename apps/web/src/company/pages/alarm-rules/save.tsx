import { AlertEndpoints, type AlertRuleBody } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api, moduleKey } from '../../../shared/api/call';
import { AlertRuleForm } from './AlertRuleForm';
import { NEW_RULE_VALUES } from './alert-rule-values';

/** /alarm-rules/save.html: adds an alert rule. */
export default function AlarmRuleSavePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: AlertRuleBody) => api(AlertEndpoints.addAlertRule, { body }),
    onSuccess: async () => {
      void message.success(t('alarmRules.message.added'));
      await queryClient.invalidateQueries({ queryKey: moduleKey(AlertEndpoints.addAlertRule) });
      await navigate('../index.html', { relative: 'path' });
    },
  });
  return (
    <AlertRuleForm
      initialValues={NEW_RULE_VALUES}
      submitting={save.isPending}
      onSubmit={(body) => save.mutateAsync(body)}
      onCancel={() => void navigate('../index.html', { relative: 'path' })}
    />
  );
}
