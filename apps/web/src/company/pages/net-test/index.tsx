/**
 * Net tests (company console, issue 14): the runs, newest first, a run's results per box and address
 * (refreshed while it runs), a comparison of each store's latest figures per address (table and bars),
 * and the history of an address over time per store or box (NetTestHistory.tsx).
 */
import { BUTTON, type NetTestRun, NetTestRunEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tabs, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { apiQuery } from '@/shared/api/call';
import type { ListColumns } from '@/shared/list';
import { Access } from '@/shared/permissions/Access';
import { RunsTable } from '@/shared/runs/RunsTable';
import { RUN_PAGE_SIZE, useRunPicker } from '@/shared/runs/useRunPicker';
import { NetTestCompareChart, NetTestHistoryChart } from './NetTestHistory';
import { NetTestResultTable } from './NetTestResultTable';
import { runFigureColumns } from './run-figure-columns';

export default function NetTestPage() {
  const { t } = useTranslation();
  const picker = useRunPicker(
    (pageNum) =>
      apiQuery(NetTestRunEndpoints.netTestRunList, { query: { pageNum, pageSize: RUN_PAGE_SIZE } }),
    (id) => apiQuery(NetTestRunEndpoints.netTestRunResults, { params: { id } }),
  );
  const { runs, runId, detail: results } = picker;
  // Changes when a run on this page settles, so the comparison and history read its results.
  const settled = (runs.data?.list ?? [])
    .filter((r) => r.status !== 'running')
    .map((r) => r.id)
    .join(',');
  const compare = useQuery(apiQuery(NetTestRunEndpoints.netTestCompare, { query: {} }));
  const refetchCompare = compare.refetch;
  useEffect(() => {
    if (settled) void refetchCompare();
  }, [settled, refetchCompare]);

  const columns = useMemo<ListColumns<NetTestRun>>(
    () => [
      { key: 'id', dataIndex: 'id', title: t('netTestRuns.column.run'), width: 90 },
      { key: 'createTime', dataIndex: 'createTime', title: t('netTestRuns.column.createTime'), width: 170 },
      {
        key: 'createBy',
        dataIndex: 'createBy',
        title: t('netTestRuns.column.createBy'),
        render: (name: string | null, r) => (
          <>
            {name}
            {r.startedFrom === 'platform' ? (
              <Tag style={{ marginLeft: 8 }}>{t('netTestRuns.origin.platform')}</Tag>
            ) : null}
          </>
        ),
      },
      ...runFigureColumns(t),
    ],
    [t],
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Access codes={[BUTTON.netTestRun]}>
        <Link to="../new.html" relative="path">
          <Button type="primary" data-testid="net-test-new">
            {t('netTestRuns.action.new')}
          </Button>
        </Link>
      </Access>
      <RunsTable picker={picker} columns={columns} testId="net-test-runs" />
      <Card>
        <Tabs
          items={[
            {
              key: 'results',
              label:
                runId === null ? t('netTestRuns.tab.results') : t('netTestRuns.tab.resultsOf', { id: runId }),
              children: (
                <NetTestResultTable
                  results={results.data?.results ?? []}
                  loading={results.isFetching && !results.data}
                  testId="net-test-results"
                />
              ),
            },
            {
              key: 'compare',
              label: t('netTestRuns.tab.compare'),
              children: (
                <Space direction="vertical" size={16} style={{ width: '100%' }}>
                  <NetTestCompareChart results={compare.data ?? []} />
                  <NetTestResultTable
                    results={compare.data ?? []}
                    loading={compare.isFetching && !compare.data}
                    testId="net-test-compare"
                  />
                </Space>
              ),
            },
            {
              key: 'history',
              label: t('netTestRuns.tab.history'),
              children: <NetTestHistoryChart refreshKey={settled} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
