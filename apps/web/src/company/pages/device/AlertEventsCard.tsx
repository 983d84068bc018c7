import {
  AlertEndpoints,
  AlertRecordStatus,
  DEFAULT_PAGE_SIZE,
  type DeviceAlertEvent,
} from '@storefleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Card, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLevelTag } from '@/shared/alerts/AlertLevelTag';
import { apiQuery } from '@/shared/api/call';
import { useLang } from '@/shared/i18n/useLang';
import { type ListColumns, ListTable } from '@/shared/list';
import { cardTableEmpty, cardTablePager } from '@/shared/list/card-table';

/** The device's alert events, newest first, a page at a time (spec §3 "Device alert event"). */
export function AlertEventsCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const events = useQuery({
    ...apiQuery(AlertEndpoints.listAlertsHistory, { query: { deviceId, ...page } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const columns = useMemo<ListColumns<DeviceAlertEvent>>(
    () => [
      { key: 'clock', dataIndex: 'clock', title: t('device.alertEvents.clock'), width: 170 },
      {
        key: 'name',
        dataIndex: 'name',
        title: t('device.alertEvents.name'),
        // Alert names carry rule names and device values: rendered as text.
        render: (name: string) => (
          <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {name}
          </Typography.Text>
        ),
      },
      {
        key: 'severity',
        dataIndex: 'severity',
        title: t('device.alertEvents.severity'),
        width: 140,
        render: (severity: number) => <AlertLevelTag level={severity} />,
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('device.alertEvents.status'),
        width: 120,
        render: (status: number, row) => (
          <Badge
            status={status === AlertRecordStatus.RECOVERED ? 'success' : 'error'}
            text={AlertRecordStatus.labelOf(status as 0 | 1, lang)}
            data-testid={`device-alert-event-status-${row.eventid}`}
          />
        ),
      },
      {
        key: 'recoveryTime',
        dataIndex: 'recoveryTime',
        title: t('device.alertEvents.recoveryTime'),
        width: 170,
        render: (time: string | null) => time ?? '-',
      },
    ],
    [t, lang],
  );
  return (
    <Card title={t('device.alertEvents.title')} size="small" data-testid="device-alert-events">
      <ListTable<DeviceAlertEvent>
        rowKey="eventid"
        size="small"
        loading={events.isFetching}
        dataSource={events.data?.list ?? []}
        columns={columns}
        onChange={(pagination) =>
          setPage((current) => {
            const pageSize = pagination.pageSize ?? current.pageSize;
            // A new page size starts again from the first page.
            return { pageSize, pageNum: pageSize === current.pageSize ? (pagination.current ?? 1) : 1 };
          })
        }
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: events.data?.total ?? 0,
          ...cardTablePager(t),
        }}
        locale={cardTableEmpty(events.isSuccess, t('device.alertEvents.empty'), 'device-alert-events-empty')}
      />
    </Card>
  );
}
