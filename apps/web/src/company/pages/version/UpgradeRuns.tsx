/**
 * Upgrade runs, newest first, and the boxes of the chosen one with their states as the agents reported
 * them (refreshed every 2 s while a run is running); a halted run shows why.
 */
import {
  type UpgradeBoxState,
  type UpgradeRun,
  type UpgradeRunBox,
  type UpgradeRunStatus,
  VersionEndpoints,
} from '@storefleet/contracts';
import { Alert, Card, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { type ListColumns, ListTable } from '@/shared/list';
import { RunsTable } from '@/shared/runs/RunsTable';
import { RUN_PAGE_SIZE, useRunPicker } from '@/shared/runs/useRunPicker';

export const RUN_COLOR: Record<UpgradeRunStatus, string> = {
  running: 'processing',
  finished: 'success',
  halted: 'error',
  interrupted: 'warning',
};
export const BOX_COLOR: Record<UpgradeBoxState, string> = {
  pending: 'default',
  downloading: 'processing',
  installed: 'green',
  failed: 'red',
};

export function UpgradeRuns() {
  const { t } = useTranslation();
  const picker = useRunPicker(
    (pageNum) => apiQuery(VersionEndpoints.upgradeList, { query: { pageNum, pageSize: RUN_PAGE_SIZE } }),
    (runId) => apiQuery(VersionEndpoints.upgradeDetail, { params: { runId } }),
  );
  const { runId, detail } = picker;

  const runColumns = useMemo<ListColumns<UpgradeRun>>(
    () => [
      { key: 'id', dataIndex: 'id', title: t('version.run.column.id'), width: 80 },
      { key: 'versionNumber', dataIndex: 'versionNumber', title: t('version.run.column.version') },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('version.run.column.status'),
        render: (status: UpgradeRunStatus) => (
          <Tag color={RUN_COLOR[status]}>{t(`version.run.status.${status}`)}</Tag>
        ),
      },
      {
        key: 'wave',
        title: t('version.run.column.wave'),
        render: (_: unknown, r) => `${r.currentWave} / ${r.waveCount}`,
      },
      {
        key: 'progress',
        title: t('version.run.column.progress'),
        render: (_: unknown, r) => `${r.installedCount} / ${r.failedCount} / ${r.boxCount}`,
      },
      {
        key: 'waves',
        title: t('version.run.column.waves'),
        render: (_: unknown, r) => `${r.waveSize} · ${r.failureThreshold} %`,
      },
      { key: 'createBy', dataIndex: 'createBy', title: t('version.run.column.createBy') },
      { key: 'createTime', dataIndex: 'createTime', title: t('version.run.column.createTime'), width: 170 },
    ],
    [t],
  );
  const boxColumns = useMemo<ListColumns<UpgradeRunBox>>(
    () => [
      { key: 'wave', dataIndex: 'wave', title: t('version.box.column.wave'), width: 70 },
      { key: 'storeName', dataIndex: 'storeName', title: t('version.box.column.store') },
      { key: 'boxName', dataIndex: 'boxName', title: t('version.box.column.box') },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('version.box.column.state'),
        render: (state: UpgradeBoxState) => (
          <Tag color={BOX_COLOR[state]}>{t(`version.box.state.${state}`)}</Tag>
        ),
      },
      { key: 'reportedVersion', dataIndex: 'reportedVersion', title: t('version.box.column.version') },
      {
        key: 'reason',
        dataIndex: 'reason',
        title: t('version.box.column.reason'),
        render: (reason: string | null) => <Typography.Text type="danger">{reason}</Typography.Text>,
      },
      { key: 'updateTime', dataIndex: 'updateTime', title: t('version.box.column.updateTime'), width: 170 },
    ],
    [t],
  );
  const run = detail.data?.run;
  // A halt is told from the run's own figures, in the console's language (the API's haltReason is English).
  const haltText = (() => {
    if (!run?.haltReason) return null;
    if (run.status !== 'halted') return t('version.run.halted', { reason: run.haltReason });
    const wave = (detail.data?.boxes ?? []).filter((b) => b.wave === run.currentWave);
    const failed = wave.filter((b) => b.state === 'failed').length;
    return t('version.run.haltedWave', {
      wave: run.currentWave,
      waves: run.waveCount,
      failed,
      total: wave.length,
      rate: wave.length === 0 ? 0 : Math.round((failed * 100) / wave.length),
      threshold: run.failureThreshold,
    });
  })();

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('version.runs')}>
        <RunsTable picker={picker} columns={runColumns} testId="upgrade-runs" />
      </Card>
      <Card title={runId === null ? t('version.run.pickOne') : t('version.run.boxesOf', { id: runId })}>
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          {run && haltText ? (
            <Alert
              type={run.status === 'halted' ? 'error' : 'warning'}
              showIcon
              message={haltText}
              data-testid="upgrade-halt-reason"
            />
          ) : null}
          <ListTable<UpgradeRunBox>
            rowKey="boxId"
            columns={boxColumns}
            dataSource={detail.data?.boxes ?? []}
            loading={detail.isFetching && !detail.data}
            size="small"
            pagination={false}
            data-testid="upgrade-boxes"
          />
        </Space>
      </Card>
    </Space>
  );
}
