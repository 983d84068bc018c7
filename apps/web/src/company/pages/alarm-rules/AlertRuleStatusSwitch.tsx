import { AlertEndpoints, type AlertRule, BUTTON } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

import { api, moduleKey } from '../../../shared/api/call';
import { usePermissions } from '../../../shared/permissions/usePermissions';

const ENABLED = 1;

/** Enables or disables a rule; read-only without BUTTON.alarmRuleStatus. */
export function AlertRuleStatusSwitch({ rule }: { rule: Pick<AlertRule, 'id' | 'status'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { canUse } = usePermissions();
  const mutation = useMutation({
    mutationFn: (enabled: boolean) =>
      api(AlertEndpoints.updateAlertRuleStatus, {
        params: { id: rule.id },
        query: { status: enabled ? 1 : 0 },
      }),
    onSuccess: async (_data, enabled) => {
      void message.success(t(enabled ? 'alarmRules.message.enabled' : 'alarmRules.message.disabled'));
      // Rules lists and a device's applicable rules (the enabled ones) are all alert reads.
      await queryClient.invalidateQueries({ queryKey: moduleKey(AlertEndpoints.updateAlertRuleStatus) });
    },
  });
  return (
    <Switch
      size="small"
      checked={rule.status === ENABLED}
      loading={mutation.isPending}
      disabled={!canUse([BUTTON.alarmRuleStatus])}
      checkedChildren={t('alarmRules.status.enabled')}
      unCheckedChildren={t('alarmRules.status.disabled')}
      onChange={(checked) => mutation.mutate(checked)}
      data-testid={`alarm-rule-status-${rule.id}`}
      data-checked={rule.status === ENABLED ? 'true' : 'false'}
    />
  );
}
