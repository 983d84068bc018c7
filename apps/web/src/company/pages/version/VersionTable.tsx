/**
 * The version packages table, shared by the company page (read-only) and the admin page (with actions):
 * number, current mark, size, checksum, notes, who uploaded when, and how many runs pushed it.
 */
import { type Version, VersionEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { formatBytes } from '@/shared/format/units';
import { type ListColumns, ListTable } from '@/shared/list';

export function useVersionPage(pageSize = 10) {
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery(apiQuery(VersionEndpoints.versionList, { query: { pageNum, pageSize } }));
  return { query, pageNum, setPageNum, pageSize };
}

export function VersionTable({
  page,
  actions,
}: {
  page: ReturnType<typeof useVersionPage>;
  actions?: (version: Version) => ReactNode;
}) {
  const { t } = useTranslation();
  const columns = useMemo<ListColumns<Version>>(
    () => [
      {
        key: 'number',
        dataIndex: 'number',
        title: t('version.column.number'),
        render: (number: string, v) => (
          <>
            <Typography.Text strong>{number}</Typography.Text>
            {v.current ? (
              <Tag color="green" style={{ marginLeft: 8 }}>
                {t('version.current')}
              </Tag>
            ) : null}
          </>
        ),
      },
      {
        key: 'size',
        dataIndex: 'size',
        title: t('version.column.size'),
        render: (n: number) => formatBytes(n),
      },
      {
        key: 'sha256',
        dataIndex: 'sha256',
        title: t('version.column.sha256'),
        render: (sha: string) => (
          <Typography.Text code copyable={{ text: sha }} title={sha}>
            {sha.slice(0, 16)}…
          </Typography.Text>
        ),
      },
      {
        key: 'notes',
        dataIndex: 'notes',
        title: t('version.column.notes'),
        render: (notes: string) => (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: notes }} style={{ marginBottom: 0 }}>
            {notes}
          </Typography.Paragraph>
        ),
      },
      { key: 'runCount', dataIndex: 'runCount', title: t('version.column.runs'), width: 110 },
      { key: 'createBy', dataIndex: 'createBy', title: t('version.column.createBy') },
      { key: 'createTime', dataIndex: 'createTime', title: t('version.column.createTime'), width: 170 },
      ...(actions
        ? [
            {
              key: 'actions',
              title: t('version.column.actions'),
              render: (_: unknown, v: Version) => actions(v),
            },
          ]
        : []),
    ],
    [t, actions],
  );
  const { query, pageNum, setPageNum, pageSize } = page;
  return (
    <ListTable<Version>
      rowKey="id"
      columns={columns}
      dataSource={query.data?.list ?? []}
      loading={query.isFetching && !query.data}
      size="middle"
      pagination={{ current: pageNum, pageSize, total: query.data?.total ?? 0, onChange: setPageNum }}
      data-testid="version-table"
    />
  );
}
