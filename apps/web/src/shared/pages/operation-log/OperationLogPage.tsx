import { CallLogEndpoints, type OperationLog } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Select, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { type FilterSpec, type ListColumns, ListFilterForm, ListTable, useListPage } from '@/shared/list';
import { TextFilter } from '@/shared/list/TextFilter';
import { OperationLogDetail } from './OperationLogDetail';
import { DATE_TIME_FORMAT, fromRangeForm, OUTCOME_COLOR, outcomeOf, toRangeForm } from './operation-log-view';

const FILTERS = {
  userName: 'text',
  apiName: 'text',
  startTime: 'text',
  endTime: 'text',
} as const satisfies FilterSpec;

/**
 * The operation log (both applications): who changed what, signed in or was refused, when, from
 * where, and how it ended (in words; the HTTP status is in the row's details). Names come from the
 * server in the reader's language.
 */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const list = useListPage({
    endpoint: CallLogEndpoints.queryByPage,
    filters: FILTERS,
    rowKey: 'id',
  });
  const operations = useQuery({ ...apiQuery(CallLogEndpoints.logOperation), staleTime: 5 * 60_000 });

  const columns = useMemo<ListColumns<OperationLog>>(
    () => [
      {
        key: 'operationTime',
        dataIndex: 'operationTime',
        title: t('operationLog.column.operationTime'),
        width: 180,
      },
      { key: 'userName', dataIndex: 'userName', title: t('operationLog.column.userName'), width: 140 },
      { key: 'apiName', dataIndex: 'apiName', title: t('operationLog.column.apiName') },
      {
        key: 'moduleName',
        dataIndex: 'moduleName',
        title: t('operationLog.column.moduleName'),
        width: 140,
        render: (module: string) => t(`operationLog.module.${module}`, { defaultValue: module }),
      },
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
        width: 100,
        render: (status: number) => {
          const outcome = outcomeOf(status);
          return (
            <Tag color={OUTCOME_COLOR[outcome]} title={String(status)} data-testid="operation-log-outcome">
              {t(`operationLog.outcome.${outcome}`)}
            </Tag>
          );
        },
      },
    ],
    [t],
  );

  return (
    <>
      <ListFilterForm list={list} toFormValues={toRangeForm} fromFormValues={fromRangeForm}>
        <TextFilter
          name="userName"
          label={t('operationLog.filter.userName')}
          testId="operation-log-user-name"
        />
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
        <Form.Item name="range" label={t('operationLog.filter.time')}>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            format={DATE_TIME_FORMAT}
            data-testid="operation-log-range"
          />
        </Form.Item>
      </ListFilterForm>
      <ListTable<OperationLog>
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
