import { type Device, MonitoringEndpoints, type RunningItem } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../../../shared/api/call';
import { EChart } from '../../../shared/charts/EChart';
import { historyOption, onlineOption } from './history-chart';

/** Numeric items (value_type 0) have a history worth charting; text items do not. */
const chartable = (item: RunningItem) => item.value_type === 0;

/** The running info table; clicking a numeric item charts its last 20 values. */
export function RunningInfoCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<RunningItem | null>(null);
  const items = useQuery({
    ...apiQuery(MonitoringEndpoints.getRunninginfo, {
      query: { deviceId: device.deviceId, hostid: device.hostid },
    }),
    refetchInterval: 60_000,
  });
  const history = useQuery({
    ...apiQuery(MonitoringEndpoints.getRunninginfos, {
      query: { deviceId: device.deviceId, itemid: picked?.itemid, value_type: picked?.value_type },
    }),
    enabled: picked !== null,
  });
  const columns = useMemo<TableColumnsType<RunningItem>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('device.running.name') },
      {
        key: 'value',
        title: t('device.running.value'),
        render: (_: unknown, row) => `${row.value}${row.units ? ` ${row.units}` : ''}`,
      },
      {
        key: 'description',
        dataIndex: 'description',
        title: t('device.running.description'),
        ellipsis: true,
      },
      { key: 'createDatetime', dataIndex: 'createDatetime', title: t('device.running.time'), width: 170 },
    ],
    [t],
  );
  const option = useMemo(
    () => (picked && history.data ? historyOption(history.data, picked.name, picked.units) : null),
    [picked, history.data],
  );
  return (
    <Card title={t('device.details.runningInfo')} size="small" data-testid="device-running-info">
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Table<RunningItem>
            rowKey="itemid"
            size="small"
            loading={items.isFetching}
            dataSource={items.data ?? []}
            columns={columns}
            pagination={false}
            scroll={{ y: 320 }}
            onRow={(row) => ({
              onClick: () => (chartable(row) ? setPicked(row) : undefined),
              style: { cursor: chartable(row) ? 'pointer' : 'default' },
              'data-testid': `running-item-${row.itemid}`,
            })}
          />
        </Col>
        <Col xs={24} xl={12}>
          {option ? (
            <EChart option={option} data-testid="device-history-chart" />
          ) : (
            <Empty description={t('device.running.pickItem')} />
          )}
        </Col>
      </Row>
    </Card>
  );
}

/** The latest 30 online/offline points. */
export function OnlineChartCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const points = useQuery({
    ...apiQuery(MonitoringEndpoints.getOnlineChart, { query: { deviceId } }),
    refetchInterval: 60_000,
  });
  const option = useMemo(
    () => onlineOption(points.data ?? [], { online: t('device.online'), offline: t('device.offline') }),
    [points.data, t],
  );
  return (
    <Card title={t('device.details.onlineChart')} size="small" data-testid="device-online-chart">
      {points.data && points.data.length > 0 ? (
        <EChart option={option} style={{ height: 240 }} />
      ) : (
        <Empty description={t('device.details.noOnlineData')} />
      )}
    </Card>
  );
}
