/** Results per box and address (a run's, or each store's latest for the comparison). */
import type { NetTestRunResult } from '@storefleet/contracts';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { type ListColumns, ListTable } from '@/shared/list';
import { ms, OUTCOME_COLOR, percent, speed } from './net-test-format';

export function NetTestResultTable({
  results,
  loading,
  testId,
}: {
  results: NetTestRunResult[];
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const columns = useMemo<ListColumns<NetTestRunResult>>(
    () => [
      { key: 'storeName', dataIndex: 'storeName', title: t('netTestRuns.column.store') },
      { key: 'boxName', dataIndex: 'boxName', title: t('netTestRuns.column.box') },
      { key: 'pingUrlName', dataIndex: 'pingUrlName', title: t('netTestRuns.column.address') },
      {
        key: 'outcome',
        dataIndex: 'outcome',
        title: t('netTestRuns.column.outcome'),
        render: (_: unknown, row) => (
          <Tag color={OUTCOME_COLOR[row.outcome]}>{t(`netTestRuns.outcome.${row.outcome}`)}</Tag>
        ),
      },
      { key: 'delayTime', title: t('netTestRuns.column.delay'), render: (_: unknown, r) => ms(r.delayTime) },
      {
        key: 'networkJitter',
        title: t('netTestRuns.column.jitter'),
        render: (_: unknown, r) => ms(r.networkJitter),
      },
      {
        key: 'packetLossRate',
        title: t('netTestRuns.column.loss'),
        render: (_: unknown, r) => percent(r.packetLossRate),
      },
      {
        key: 'downloadSpeed',
        title: t('netTestRuns.column.download'),
        render: (_: unknown, r) => speed(r.downloadSpeed),
      },
      {
        key: 'uploadSpeed',
        title: t('netTestRuns.column.upload'),
        render: (_: unknown, r) => speed(r.uploadSpeed),
      },
      { key: 'testTime', dataIndex: 'testTime', title: t('netTestRuns.column.testTime'), width: 170 },
      {
        key: 'errorMsg',
        dataIndex: 'errorMsg',
        title: t('netTestRuns.column.error'),
        render: (text: string | null) =>
          text ? <Typography.Text type="secondary">{text}</Typography.Text> : null,
      },
    ],
    [t],
  );
  return (
    <ListTable<NetTestRunResult>
      rowKey={(r) => `${r.runId}-${r.boxId}-${r.addressId}`}
      columns={columns}
      dataSource={results}
      loading={loading}
      size="middle"
      pagination={false}
      data-testid={testId}
    />
  );
}
