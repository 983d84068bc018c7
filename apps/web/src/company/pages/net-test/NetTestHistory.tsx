/**
 * Net-test history (company console): one address's results over time as a line per store (or, with a
 * store chosen, per box), for one figure at a time (delay, jitter, loss, download, upload); and the
 * comparison across stores: each store's latest figure as bars. Charts follow the theme (EChart) and the
 * language (labels from i18n).
 */
import {
  NetTestAddressEndpoints,
  NetTestRunEndpoints,
  type NetTestRunResult,
  StoreEndpoints,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Space, Spin } from 'antd';
import type { EChartsOption } from 'echarts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { EChart } from '@/shared/charts/EChart';
import { METRICS, type Metric, metricValue } from './net-test-format';

export function useAddressChoice() {
  const addresses = useQuery(apiQuery(NetTestAddressEndpoints.listAddress, { query: {} }));
  const [chosen, setChosen] = useState<number | null>(null);
  const addressId = chosen ?? addresses.data?.[0]?.id ?? null;
  return { addresses: addresses.data ?? [], addressId, setAddressId: setChosen };
}

function MetricSelect({ value, onChange }: { value: Metric; onChange: (m: Metric) => void }) {
  const { t } = useTranslation();
  return (
    <Select<Metric>
      value={value}
      onChange={onChange}
      style={{ width: 160 }}
      options={METRICS.map((m) => ({ value: m, label: t(`netTestRuns.metric.${m}`) }))}
      data-testid="net-test-metric"
    />
  );
}

function AddressSelect({ choice }: { choice: ReturnType<typeof useAddressChoice> }) {
  return (
    <Select<number>
      value={choice.addressId ?? undefined}
      onChange={choice.setAddressId}
      style={{ minWidth: 220 }}
      options={choice.addresses.map((a) => ({ value: a.id, label: a.pingUrlName }))}
      data-testid="net-test-history-address"
    />
  );
}

/**
 * Results over time of one address, one line per store (or per box of the chosen store); read again
 * when `refreshKey` changes (a run settled).
 */
export function NetTestHistoryChart({ refreshKey }: { refreshKey: string }) {
  const { t } = useTranslation();
  const choice = useAddressChoice();
  const [metric, setMetric] = useState<Metric>('delay');
  const [shopId, setShopId] = useState<number | null>(null);
  const stores = useQuery(apiQuery(StoreEndpoints.list, { query: {} }));
  const storeList = Array.isArray(stores.data) ? stores.data : (stores.data?.list ?? []);
  const history = useQuery({
    ...apiQuery(NetTestRunEndpoints.netTestHistory, {
      query: { addressId: choice.addressId ?? 0, ...(shopId === null ? {} : { shopId }) },
    }),
    enabled: choice.addressId !== null,
  });
  const refetchHistory = history.refetch;
  useEffect(() => {
    if (refreshKey) void refetchHistory();
  }, [refreshKey, refetchHistory]);
  const option = useMemo<EChartsOption>(() => {
    const lines = new Map<string, [string, number][]>();
    for (const r of history.data ?? []) {
      const value = metricValue(r, metric);
      if (value === null) continue;
      const name = shopId === null ? r.storeName : r.boxName;
      lines.set(name, [...(lines.get(name) ?? []), [r.testTime.replace(' ', 'T'), value]]);
    }
    return {
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: t(`netTestRuns.unit.${metric}`), min: 0 },
      series: [...lines].map(([name, data]) => ({
        name,
        type: 'line',
        showSymbol: true,
        symbolSize: 7,
        data,
      })),
    };
  }, [history.data, metric, shopId, t]);
  const empty = (history.data ?? []).length === 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <AddressSelect choice={choice} />
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('netTestRuns.history.allStores')}
          value={shopId ?? undefined}
          onChange={(v) => setShopId(v ?? null)}
          style={{ minWidth: 220 }}
          options={storeList.map((s) => ({ value: s.id, label: s.storeName }))}
          data-testid="net-test-history-store"
        />
        <MetricSelect value={metric} onChange={setMetric} />
      </Space>
      {history.isFetching && !history.data ? (
        <Spin />
      ) : empty ? (
        <Empty description={t('netTestRuns.history.empty')} />
      ) : (
        <EChart option={option} style={{ height: 360 }} data-testid="net-test-history-chart" />
      )}
    </Space>
  );
}

/** Each store's latest figure for one address, as bars (the comparison across stores). */
export function NetTestCompareChart({ results }: { results: NetTestRunResult[] }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<Metric>('delay');
  const rows = useMemo(
    () =>
      results
        .map((r) => ({ name: `${r.storeName} · ${r.pingUrlName}`, value: metricValue(r, metric) }))
        .filter((r): r is { name: string; value: number } => r.value !== null),
    [results, metric],
  );
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 56, right: 16, top: 32, bottom: 80 },
      xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { rotate: 30, interval: 0 } },
      yAxis: { type: 'value', name: t(`netTestRuns.unit.${metric}`), min: 0 },
      series: [{ name: t(`netTestRuns.metric.${metric}`), type: 'bar', data: rows.map((r) => r.value) }],
    }),
    [rows, metric, t],
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <MetricSelect value={metric} onChange={setMetric} />
      {rows.length === 0 ? (
        <Empty description={t('netTestRuns.history.empty')} />
      ) : (
        <EChart option={option} style={{ height: 320 }} data-testid="net-test-compare-chart" />
      )}
    </Space>
  );
}
