import { AlertEndpoints, type AlertRule, AlertRuleStatus, BUTTON } from '@storefleet/contracts';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '@/shared/api/useCallMutation';
import { usePermissions } from '@/shared/permissions/usePermissions';

/** Enables or disables a rule; read-only without BUTTON.alarmRuleStatus. */
export function AlertRuleStatusSwitch({ rule }: { rule: Pick<AlertRule, 'id' | 'status'> }) {
  const { t } = useTranslation();
  const { canUse } = usePermissions();
  // Rules lists and a device's applicable rules (the enabled ones) are all alert reads: one module.
  const mutation = useCallMutation(AlertEndpoints.updateAlertRuleStatus, {
    input: (enabled: boolean) => ({ params: { id: rule.id }, query: { status: enabled ? 1 : 0 } }),
    successMessage: (_result, enabled) =>
      t(enabled ? 'alarmRules.message.enabled' : 'alarmRules.message.disabled'),
  });
  return (
    <Switch
      size="small"
      checked={rule.status === AlertRuleStatus.ENABLED}
      loading={mutation.isPending}
      disabled={!canUse([BUTTON.alarmRuleStatus])}
      checkedChildren={t('alarmRules.status.enabled')}
      unCheckedChildren={t('alarmRules.status.disabled')}
      onChange={(checked) => mutation.mutate(checked)}
      data-testid={`alarm-rule-status-${rule.id}`}
      data-checked={rule.status === AlertRuleStatus.ENABLED ? 'true' : 'false'}
    />
  );
}
