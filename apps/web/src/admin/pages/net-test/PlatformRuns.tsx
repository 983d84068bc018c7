/** The platform's net-test runs (admin console), newest first, and a chosen run's results. */
import { type NetTestRun, NetTestRunEndpoints } from '@storefleet/contracts';
import { Button, Card, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { NetTestResultTable } from '@/company/pages/net-test/NetTestResultTable';
import { runFigureColumns } from '@/company/pages/net-test/run-figure-columns';
import { apiQuery } from '@/shared/api/call';
import type { ListColumns } from '@/shared/list';
import { RunsTable } from '@/shared/runs/RunsTable';
import { RUN_PAGE_SIZE, useRunPicker } from '@/shared/runs/useRunPicker';

export function PlatformRuns() {
  const { t } = useTranslation();
  const picker = useRunPicker(
    (pageNum) =>
      apiQuery(NetTestRunEndpoints.platformRunList, { query: { pageNum, pageSize: RUN_PAGE_SIZE } }),
    (id) => apiQuery(NetTestRunEndpoints.platformRunResults, { params: { id } }),
  );
  const { runId, detail: results } = picker;
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
      <RunsTable picker={picker} columns={columns} testId="net-test-runs" />
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
