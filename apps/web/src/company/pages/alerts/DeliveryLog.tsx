/**
 * The delivery log of one alert record (`listDeliveries`): who was told, on which channel, what
 * message, when, and what became of it (sent, retrying, failed, muted, held by a cap). Recipient names,
 * addresses and provider errors are data, marked `data-cell`.
 */
import { type AlertDelivery, NotificationEndpoints, SendType } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useLang } from '@/shared/i18n/useLang';
import { type ListColumns, ListTable } from '@/shared/list';

const STATUS_COLOR: Record<AlertDelivery['status'], string> = {
  queued: 'processing',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  held: 'warning',
  muted: 'default',
};

export function DeliveryLog({ recordId }: { recordId: number }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const deliveries = useQuery(apiQuery(NotificationEndpoints.listDeliveries, { query: { recordId } }));
  const columns: ListColumns<AlertDelivery> = [
    {
      title: t('notifications.log.recipient'),
      dataIndex: 'senderName',
      render: (name: string | null) => <span data-cell>{name ?? ''}</span>,
    },
    {
      title: t('notifications.log.channel'),
      dataIndex: 'channel',
      render: (channel: number) => SendType.labelOf(channel as 0 | 1 | 2, lang),
    },
    {
      title: t('notifications.log.kind'),
      dataIndex: 'kind',
      render: (kind: AlertDelivery['kind'], row) =>
        row.repeatNo > 0
          ? `${t(`notifications.kind.${kind}`)} ${row.repeatNo}`
          : t(`notifications.kind.${kind}`),
    },
    {
      title: t('notifications.log.address'),
      dataIndex: 'address',
      render: (address: string) => <span data-cell>{address}</span>,
    },
    {
      title: t('notifications.log.status'),
      dataIndex: 'status',
      render: (status: AlertDelivery['status'], row) => (
        <Tag color={STATUS_COLOR[status]} data-testid={`delivery-status:${row.id}`}>
          {t(`notifications.status.${status}`)}
          {row.reason ? ` · ${t(`notifications.reason.${row.reason}`)}` : ''}
        </Tag>
      ),
    },
    { title: t('notifications.log.attempts'), dataIndex: 'attempts' },
    { title: t('notifications.log.created'), dataIndex: 'createTime' },
    { title: t('notifications.log.sent'), dataIndex: 'sentTime', render: (v: string | null) => v ?? '-' },
    {
      title: t('notifications.log.error'),
      dataIndex: 'lastError',
      render: (error: string | null) => (error ? <span data-cell>{error}</span> : '-'),
    },
  ];
  return (
    <div data-testid="delivery-log">
      <Typography.Title level={5}>{t('notifications.log.title')}</Typography.Title>
      <ListTable<AlertDelivery>
        size="small"
        rowKey="id"
        loading={deliveries.isLoading}
        dataSource={deliveries.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('notifications.log.empty') }}
      />
    </div>
  );
}
