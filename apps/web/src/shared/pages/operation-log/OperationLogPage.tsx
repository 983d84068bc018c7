import { CallLogEndpoints, type OperationLog } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../../api/call';
import { type FilterSpec, ListFilterForm, useListPage } from '../../list';
import { OperationLogDetail } from './OperationLogDetail';

const FILTERS = { userName: 'text', apiName: 'text' } as const satisfies FilterSpec;

/** A call counts as failed when it recorded an error or an HTTP error status. */
const failed = (row: OperationLog) => row.errorMsg !== null || row.status >= 400;

/** The operation log (both applications): who called what, when, from where, and how it ended. */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const list = useListPage({
    endpoint: CallLogEndpoints.queryByPage,
    filters: FILTERS,
    rowKey: 'id',
  });
  const operations = useQuery({ ...apiQuery(CallLogEndpoints.logOperation), staleTime: 5 * 60_000 });

  const columns = useMemo<TableColumnsType<OperationLog>>(
    () => [
      {
        key: 'operationTime',
        dataIndex: 'operationTime',
        title: t('operationLog.column.operationTime'),
        width: 180,
      },
      { key: 'userName', dataIndex: 'userName', title: t('operationLog.column.userName'), width: 140 },
      { key: 'apiName', dataIndex: 'apiName', title: t('operationLog.column.apiName') },
      { key: 'moduleName', dataIndex: 'moduleName', title: t('operationLog.column.moduleName'), width: 140 },
      {
        key: 'reqUrl',
        dataIndex: 'reqUrl',
        title: t('operationLog.column.reqUrl'),
        ellipsis: true,
        render: (url: string) => <Typography.Text code>{url}</Typography.Text>,
      },
      { key: 'ipAddress', dataIndex: 'ipAddress', title: t('operationLog.column.ipAddress'), width: 150 },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('operationLog.column.status'),
        width: 90,
        render: (status: number, row) => <Tag color={failed(row) ? 'error' : 'success'}>{status}</Tag>,
      },
    ],
    [t],
  );

  return (
    <>
      <ListFilterForm list={list}>
        <Form.Item name="userName" label={t('operationLog.filter.userName')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="operation-log-user-name" />
        </Form.Item>
        <Form.Item name="apiName" label={t('operationLog.filter.apiName')}>
          <Select
            allowClear
            showSearch
            placeholder={t('common.pleaseSelect')}
            loading={operations.isFetching}
            options={(operations.data ?? []).map((name) => ({ value: name, label: name }))}
            data-testid="operation-log-api-name"
          />
        </Form.Item>
      </ListFilterForm>
      <Table<OperationLog>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 1100 }}
        expandable={{ expandedRowRender: (row) => <OperationLogDetail row={row} /> }}
        data-testid="operation-log-table"
      />
    </>
  );
}
