import { AlertEndpoints, type DeviceAlertRule } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLevelTag } from '@/shared/alerts/AlertLevelTag';
import { triggerText } from '@/shared/alerts/alert-rule-values';
import { apiQuery } from '@/shared/api/call';
import { useLang } from '@/shared/i18n/useLang';
import { type ListColumns, ListTable } from '@/shared/list';
import { cardTableEmpty } from '@/shared/list/card-table';

/** The enabled alert rules that apply to the device (spec §3 "Device alert rule"). */
export function AlertRulesCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { english } = useLang();
  const rules = useQuery(apiQuery(AlertEndpoints.listAlertsRule, { query: { deviceId } }));
  const columns = useMemo<ListColumns<DeviceAlertRule>>(
    () => [
      { key: 'ruleId', dataIndex: 'ruleId', title: t('device.alertRules.ruleId'), width: 100 },
      {
        key: 'priority',
        dataIndex: 'priority',
        title: t('device.alertRules.priority'),
        width: 140,
        render: (priority: number, row) => (
          <AlertLevelTag level={priority} data-testid={`device-alert-rule-priority-${row.ruleId}`} />
        ),
      },
      {
        key: 'ruleDesc',
        dataIndex: 'ruleDesc',
        title: t('device.alertRules.ruleDesc'),
        // Said in the console's language from the rule's fields; rule names are typed by users: React
        // renders them as text.
        render: (_: string, row) => (
          <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {`${row.alertName}: ${triggerText(row, english)}`}
          </Typography.Text>
        ),
      },
    ],
    [t, english],
  );
  return (
    <Card title={t('device.alertRules.title')} size="small" data-testid="device-alert-rules">
      <ListTable<DeviceAlertRule>
        rowKey="ruleId"
        size="small"
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        columns={columns}
        pagination={false}
        locale={cardTableEmpty(rules.isSuccess, t('device.alertRules.empty'), 'device-alert-rules-empty')}
      />
    </Card>
  );
}
