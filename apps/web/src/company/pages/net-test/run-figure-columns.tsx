/**
 * The columns a net-test run list shows in both consoles (company runs and the admin's platform runs):
 * status, boxes, addresses, problems of results.
 */
import type { NetTestRun, NetTestRunStatus } from '@storefleet/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';

import type { ListColumns } from '@/shared/list';
import { STATUS_COLOR } from './net-test-format';

export function runFigureColumns(t: TFunction): ListColumns<NetTestRun> {
  return [
    {
      key: 'status',
      dataIndex: 'status',
      title: t('netTestRuns.column.status'),
      render: (status: NetTestRunStatus) => (
        <Tag color={STATUS_COLOR[status]}>{t(`netTestRuns.status.${status}`)}</Tag>
      ),
    },
    { key: 'boxCount', dataIndex: 'boxCount', title: t('netTestRuns.column.boxes') },
    { key: 'addressCount', dataIndex: 'addressCount', title: t('netTestRuns.column.addresses') },
    {
      key: 'problemCount',
      title: t('netTestRuns.column.problems'),
      render: (_: unknown, r) => `${r.problemCount} / ${r.resultCount}`,
    },
  ];
}
