/** The platform's net-test runs (admin console), newest first, and a chosen run's results. */
import { type NetTestRun, NetTestRunEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { NetTestResultTable } from '../../../company/pages/net-test/NetTestResultTable';
import { runFigureColumns } from '../../../company/pages/net-test/run-figure-columns';
import { apiQuery } from '../../../shared/api/call';
import { type ListColumns, ListTable } from '../../../shared/list';

export function PlatformRuns() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const runs = useQuery({
    ...apiQuery(NetTestRunEndpoints.platformRunList, { query: { pageNum, pageSize: 10 } }),
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'running') ? 2000 : false),
  });
  const runId = chosen ?? runs.data?.list[0]?.id ?? null;
  const results = useQuery({
    ...apiQuery(NetTestRunEndpoints.platformRunResults, { params: { id: runId ?? 0 } }),
    enabled: runId !== null,
    refetchInterval: (q) => (q.state.data?.run.status === 'running' ? 2000 : false),
  });
  const columns = useMemo<ListColumns<NetTestRun>>(
    () => [
      { key: 'id', dataIndex: 'id', title: t('netTestRuns.column.run'), width: 90 },
      { key: 'createTime', dataIndex: 'createTime', title: t('netTestRuns.column.createTime'), width: 170 },
      { key: 'companyName', dataIndex: 'companyName', title: t('netTestRuns.column.company') },
      { key: 'createBy', dataIndex: 'createBy', title: t('netTestRuns.column.createBy') },
      ...runFigureColumns(t),
    ],
    [t],
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {/* The page itself needs the net-test module, as does starting a platform run. */}
      <Link to="../new.html" relative="path">
        <Button type="primary" data-testid="net-test-new">
          {t('netTestRuns.action.new')}
        </Button>
      </Link>
      <ListTable<NetTestRun>
        rowKey="id"
        columns={columns}
        dataSource={runs.data?.list ?? []}
        loading={runs.isFetching && !runs.data}
        size="middle"
        onRow={(r) => ({
          onClick: () => setChosen(r.id),
          style: { cursor: 'pointer', fontWeight: r.id === runId ? 600 : undefined },
        })}
        pagination={{ current: pageNum, pageSize: 10, total: runs.data?.total ?? 0, onChange: setPageNum }}
        data-testid="net-test-runs"
      />
      <Card
        title={runId === null ? t('netTestRuns.tab.results') : t('netTestRuns.tab.resultsOf', { id: runId })}
      >
        <NetTestResultTable
          results={results.data?.results ?? []}
          loading={results.isFetching && !results.data}
          testId="net-test-results"
        />
      </Card>
    </Space>
  );
}
