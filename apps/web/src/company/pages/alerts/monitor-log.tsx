import { AlertRecordEndpoints as E, type MonitorLogEntry, type MonitorLogKind } from '@storefleet/contracts';
import { DatePicker, Form, Select, Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLevelTag } from '@/shared/alerts/AlertLevelTag';
import { endpointKey } from '@/shared/api/call';
import { deviceFilterFormValues, deviceFilterFromForm } from '@/shared/device/device-query';
import { type ListColumns, ListFilterForm, ListTable, useListPage } from '@/shared/list';
import { RegionFilter } from '@/shared/org/RegionPicker';
import { fromRangeForm, toRangeForm } from '@/shared/pages/operation-log/operation-log-view';
import { DeviceLink, StoreLink } from './alert-cells';
import { MONITOR_LOG_FILTERS, type MonitorLogParams, monitorLogQuery } from './alert-query';
import { useAlertLive } from './useAlertLive';

const KIND_COLOR: Record<MonitorLogKind, string> = {
  offline: 'error',
  online: 'success',
  alertOpened: 'volcano',
  alertRecovered: 'green',
  alertClosed: 'default',
};
const KINDS = Object.keys(KIND_COLOR) as MonitorLogKind[];

const toForm = (filters: Record<string, unknown>) => toRangeForm(deviceFilterFormValues(filters));
const fromForm = (values: Record<string, unknown>) => {
  const {
    category: _c,
    deviceCategory: _d,
    deviceClass: _k,
    ...rest
  } = fromRangeForm(deviceFilterFromForm(values));
  return rest;
};

/**
 * /alerts/monitor-log.html, the dynamic monitor log: devices going offline and online and alert
 * records opening, recovering and being closed, newest first, filterable by time, region/store and
 * kind. Every status or alert event refetches the first page, so new entries appear at the top.
 */
export default function MonitorLogPage() {
  const { t } = useTranslation();
  const toQuery = useCallback((params: MonitorLogParams) => monitorLogQuery(params), []);
  const list = useListPage({
    endpoint: E.listMonitorLog,
    filters: MONITOR_LOG_FILTERS,
    rowKey: 'key',
    toQuery,
  });
  useAlertLive([endpointKey(E.listMonitorLog)], { withStatus: true });

  const columns = useMemo<ListColumns<MonitorLogEntry>>(
    () => [
      { key: 'at', dataIndex: 'at', title: t('alerts.log.at'), width: 170 },
      {
        key: 'kind',
        dataIndex: 'kind',
        title: t('alerts.log.kind'),
        width: 130,
        render: (kind: MonitorLogKind) => (
          <Tag color={KIND_COLOR[kind]} data-testid="monitor-log-kind">
            {t(`alerts.log.kind.${kind}`)}
          </Tag>
        ),
      },
      {
        key: 'device',
        title: t('alerts.field.device'),
        width: 180,
        render: (_: unknown, row) => <DeviceLink record={row} />,
      },
      {
        key: 'shop',
        title: t('alerts.field.shopName'),
        width: 180,
        render: (_: unknown, row) => <StoreLink record={row} />,
      },
      {
        key: 'alert',
        title: t('alerts.log.alert'),
        render: (_: unknown, row) =>
          row.name !== null ? (
            <span>
              {row.severity !== null ? <AlertLevelTag level={row.severity} /> : null}
              <span data-cell>{row.name}</span>
            </span>
          ) : (
            '-'
          ),
      },
    ],
    [t],
  );

  return (
    <div data-testid="monitor-log">
      <ListFilterForm list={list} toFormValues={toForm} fromFormValues={fromForm}>
        <Form.Item name="region" label={t('alerts.filter.region')}>
          <RegionFilter />
        </Form.Item>
        <Form.Item name="kind" label={t('alerts.log.kind')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('common.pleaseSelect')}
            options={KINDS.map((kind) => ({ value: kind, label: t(`alerts.log.kind.${kind}`) }))}
            data-testid="monitor-log-filter-kind"
          />
        </Form.Item>
        <Form.Item name="range" label={t('alerts.filter.time')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="monitor-log-filter-range" />
        </Form.Item>
      </ListFilterForm>
      <ListTable<MonitorLogEntry>
        {...list.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 900 }}
        data-testid="monitor-log-table"
      />
    </div>
  );
}
