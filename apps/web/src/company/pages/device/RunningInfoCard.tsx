import { type Device, type HistoryRange, MonitoringEndpoints, type RunningItem } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { EChart } from '@/shared/charts/EChart';
import { isStaleValue, lastOnlineChange } from '@/shared/format/stale';
import { chartScaleOf, formatItemValue } from '@/shared/format/units';
import { type ListColumns, ListTable } from '@/shared/list';
import { historyOption, onlineOption } from './history-chart';
import { useDurationWords } from './useDurationWords';

/** Numeric items (value_type 0) have a history worth charting; text items do not. */
const chartable = (item: RunningItem) => item.value_type === 0;

/** What the chart shows: the last 20 values (spec §9), or the kept history of the last hour/day/week. */
type ChartRange = 'latest' | HistoryRange;
const CHART_RANGES: readonly ChartRange[] = ['latest', 'hour', 'day', 'week'];

/** The item's latest value in readable units; marked stale when older than the device's last online change. */
function RunningValue({ item, device }: { item: RunningItem; device: Device }) {
  const { t } = useTranslation();
  const words = useDurationWords();
  const stale = isStaleValue(item.createDatetime, device);
  return (
    <Space size={4}>
      {/* Device data (sysName, sysDescr …): rendered as text. */}
      <Typography.Text>{formatItemValue(item.value, item.units, words)}</Typography.Text>
      {stale ? (
        <Tooltip title={t('device.running.staleTip', { time: lastOnlineChange(device) })}>
          <Tag color="warning" data-testid={`running-stale-${item.itemid}`}>
            {t('device.running.stale')}
          </Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/**
 * The running info table across the card, every item shown (no inner scroll box), and below it the chart
 * of the numeric item clicked, over the last 20 values or a time range.
 */
export function RunningInfoCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<RunningItem | null>(null);
  const [range, setRange] = useState<ChartRange>('latest');
  const items = useQuery({
    ...apiQuery(MonitoringEndpoints.getRunninginfo, {
      query: { deviceId: device.deviceId, hostid: device.hostid },
    }),
    refetchInterval: 60_000,
  });
  const history = useQuery({
    ...apiQuery(MonitoringEndpoints.getRunninginfos, {
      query: {
        deviceId: device.deviceId,
        itemid: picked?.itemid ?? '',
        value_type: picked?.value_type,
        range: range === 'latest' ? undefined : range,
      },
    }),
    enabled: picked !== null,
  });
  const columns = useMemo<ListColumns<RunningItem>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('device.running.name'), width: 220 },
      {
        key: 'value',
        title: t('device.running.value'),
        width: 240,
        render: (_: unknown, row) => <RunningValue item={row} device={device} />,
      },
      {
        key: 'description',
        dataIndex: 'description',
        title: t('device.running.description'),
        ellipsis: true,
      },
      { key: 'createDatetime', dataIndex: 'createDatetime', title: t('device.running.time'), width: 180 },
    ],
    [t, device],
  );
  const option = useMemo(
    () => (picked && history.data ? historyOption(history.data, picked.name, picked.units) : null),
    [picked, history.data],
  );
  const axisUnit = picked ? chartScaleOf(picked.units).axisUnit : '';
  return (
    <Card title={t('device.details.runningInfo')} size="small" data-testid="device-running-info">
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <ListTable<RunningItem>
            rowKey="itemid"
            size="small"
            loading={items.isFetching && !items.data}
            dataSource={items.data ?? []}
            columns={columns}
            pagination={false}
            onRow={(row) => ({
              onClick: () => (chartable(row) ? setPicked(row) : undefined),
              style: { cursor: chartable(row) ? 'pointer' : 'default' },
              'data-testid': `running-item-${row.itemid}`,
            })}
          />
        </Col>
        <Col span={24}>
          {picked ? (
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
                <Typography.Text strong data-testid="device-history-title">
                  {axisUnit ? `${picked.name} (${axisUnit})` : picked.name}
                </Typography.Text>
                <Segmented<ChartRange>
                  size="small"
                  value={range}
                  onChange={setRange}
                  options={CHART_RANGES.map((value) => ({
                    value,
                    label: t(`device.running.range.${value}`),
                  }))}
                  data-testid="device-history-range"
                />
              </Space>
              {option && history.data && history.data.length > 0 ? (
                <EChart option={option} data-testid="device-history-chart" />
              ) : (
                <Empty description={t('device.running.noHistory')} />
              )}
            </Space>
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
