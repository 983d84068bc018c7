import {
  type AnomalyItem,
  CategoryType,
  ForecastEndpoints as E,
  type ForecastChartQuery,
  type ForecastItem,
  type ForecastListQuery,
  ForecastQueryType,
  OfflineReasonEndpoints,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { apiQuery } from '@/shared/api/call';
import { EChart } from '@/shared/charts/EChart';
import { useLang } from '@/shared/i18n/useLang';
import { ChartScope } from './ChartScope';
import { HealthChartAndList } from './HealthChartAndList';
import {
  anomalyChartOption,
  type ForecastMetric,
  forecastChartOption,
  reasonsChartOption,
} from './health-charts';

type ListBody = Omit<ForecastListQuery, never>;

/** What the charts show in words: the picked places (or the whole scope) and the category. */
export interface HealthScope {
  places: string;
  category: string;
}

/**
 * The columns naming a list item: device, store and category when analysing devices; the store alone
 * when analysing stores (their items carry no device, and the category is the filter's).
 */
function useNameColumns(queryType: number) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const store = { title: t('health.column.store'), dataIndex: 'shopName', key: 'shopName' };
  if (queryType !== ForecastQueryType.DEVICE) return [store];
  return [
    {
      title: t('health.column.device'),
      dataIndex: 'deviceName',
      key: 'deviceName',
      render: (_: unknown, row: AnomalyItem | ForecastItem) =>
        row.deviceId === null ? (
          '-'
        ) : (
          <Link to={`/device/details.html?deviceId=${row.deviceId}`}>{row.deviceName ?? row.deviceId}</Link>
        ),
    },
    store,
    {
      title: t('health.column.category'),
      dataIndex: 'categoryType',
      key: 'categoryType',
      render: (_: unknown, row: AnomalyItem | ForecastItem) =>
        row.categoryType !== null && CategoryType.has(row.categoryType)
          ? CategoryType.labelOf(row.categoryType, lang)
          : (row.deviceCategoryName ?? '-'),
    },
  ];
}

const pct = (v: number) => `${v.toFixed(1)}%`;

/** Chart beside list for stores; a device list has three name columns, so it gets the whole width. */
const spanOf = (queryType: number) => (queryType === ForecastQueryType.DEVICE ? 24 : 12);

/** The anomaly chart and list. */
export function AnomalySection({
  list,
  chart,
  scope,
}: {
  list: ListBody;
  chart: ForecastChartQuery;
  scope: HealthScope;
}) {
  const { t } = useTranslation();
  const items = useQuery(apiQuery(E.findDeviceOrShopAnomaly, { body: list }));
  const series = useQuery(apiQuery(E.findDeviceOrShopAnomalyChart, { body: chart }));
  const labels = useMemo(
    () => ({
      actual: t('health.anomaly.actual'),
      expected: t('health.anomaly.expected'),
      flagged: t('health.anomaly.flagged'),
    }),
    [t],
  );
  const option = useMemo(
    () => (series.data ? anomalyChartOption(series.data, labels) : null),
    [series.data, labels],
  );
  const columns = [
    ...useNameColumns(list.queryType),
    { title: t('health.anomaly.score'), dataIndex: 'score', key: 'score', width: 90 },
    {
      title: t('health.anomaly.recent'),
      dataIndex: 'recentRate',
      key: 'recentRate',
      width: 110,
      render: pct,
    },
    {
      title: t('health.anomaly.expectedRate'),
      dataIndex: 'expectedRate',
      key: 'expectedRate',
      width: 110,
      render: pct,
    },
  ];
  return (
    <Card title={t('health.anomaly.title')} data-testid="health-anomaly">
      <HealthChartAndList<AnomalyItem>
        testId="health-anomaly"
        span={spanOf(list.queryType)}
        scope={scope}
        members={series.data?.members}
        option={series.data?.actual.some((v) => v !== null) ? option : null}
        rows={items.data ?? []}
        loading={items.isFetching}
        columns={columns}
      />
    </Card>
  );
}

/** The forecast chart (usage or online rate) and list. */
export function ForecastSection({
  list,
  chart,
  scope,
}: {
  list: ListBody;
  chart: ForecastChartQuery;
  scope: HealthScope;
}) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<ForecastMetric>('usage');
  const items = useQuery(apiQuery(E.findDeviceOrShopForecast, { body: list }));
  const series = useQuery(apiQuery(E.findDeviceOrShopForecastChart, { body: chart }));
  const labels = useMemo(
    () => ({
      history: t('health.forecast.history'),
      point: t('health.forecast.point'),
      band: t('health.forecast.band'),
    }),
    [t],
  );
  const option = useMemo(
    () => (series.data ? forecastChartOption(series.data, metric, labels) : null),
    [series.data, metric, labels],
  );
  const band = (low: keyof ForecastItem, high: keyof ForecastItem) => (_: unknown, row: ForecastItem) =>
    `${pct(row[low] as number)} – ${pct(row[high] as number)}`;
  const columns = [
    ...useNameColumns(list.queryType),
    {
      title: t('health.forecast.lastWeek'),
      dataIndex: 'lastWeekUsageRate',
      key: 'lastWeek',
      width: 100,
      render: pct,
    },
    { title: t('health.forecast.next'), dataIndex: 'usageRate', key: 'usageRate', width: 100, render: pct },
    {
      title: t('health.forecast.interval'),
      key: 'usageBand',
      width: 140,
      render: band('usageLower', 'usageUpper'),
    },
    {
      title: t('health.forecast.online'),
      dataIndex: 'onlineRate',
      key: 'onlineRate',
      width: 100,
      render: pct,
    },
  ];
  return (
    <Card
      title={t('health.forecast.title')}
      data-testid="health-forecast"
      extra={
        <Segmented<ForecastMetric>
          value={metric}
          onChange={setMetric}
          options={[
            { value: 'usage', label: t('health.forecast.usage') },
            { value: 'online', label: t('health.forecast.online') },
          ]}
        />
      }
    >
      <HealthChartAndList<ForecastItem>
        testId="health-forecast"
        span={spanOf(list.queryType)}
        scope={scope}
        members={series.data?.members}
        option={(series.data?.forecast.length ?? 0) > 0 ? option : null}
        rows={items.data ?? []}
        loading={items.isFetching}
        columns={columns}
      />
    </Card>
  );
}

/** Offline reasons per region over the last 30 days (report/topReasons). */
export function TopReasonsSection({
  places,
  placeNames,
}: {
  places: Omit<ForecastChartQuery, 'queryType' | 'categoryType'>;
  /** The picked places in words (the report does not filter by category). */
  placeNames: string;
}) {
  const { t } = useTranslation();
  const report = useQuery(apiQuery(OfflineReasonEndpoints.topReasons, { body: places }));
  const option = useMemo(() => (report.data ? reasonsChartOption(report.data) : null), [report.data]);
  return (
    <Card title={t('health.reasons.title')} data-testid="health-reasons">
      <ChartScope places={placeNames} data-testid="health-reasons-scope" />
      {option && (report.data?.regions.length ?? 0) > 0 ? (
        <EChart option={option} data-testid="health-reasons-chart" />
      ) : (
        <Empty />
      )}
    </Card>
  );
}
