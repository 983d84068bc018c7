import { type AlertRecord, AlertRecordEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLevelTag, useAlertLevels } from '@/shared/alerts/AlertLevelTag';
import { levelName } from '@/shared/alerts/alert-level';
import { api, apiQuery, endpointKey } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { CategoryCascader } from '@/shared/device/CategoryCascader';
import { deviceFilterFormValues, deviceFilterFromForm } from '@/shared/device/device-query';
import { saveBlob } from '@/shared/files/save-blob';
import {
  actionsColumn,
  type ListColumns,
  ListFilterForm,
  ListTable,
  useListPage,
  WideFilter,
} from '@/shared/list';
import { RegionFilter } from '@/shared/org/RegionPicker';
import { fromRangeForm, toRangeForm } from '@/shared/pages/operation-log/operation-log-view';
import { AckDialog } from './AckDialog';
import { AlertCountCards } from './AlertCountCards';
import { AlertDetailDrawer } from './AlertDetailDrawer';
import { alertRowActions } from './alert-actions';
import { AlertStatusTag, DeviceLink, StoreLink } from './alert-cells';
import {
  ALERT_FILTERS,
  type AlertListParams,
  alertCountCards,
  alertCountQuery,
  alertListQuery,
} from './alert-query';
import { useAlertLive } from './useAlertLive';

const toForm = (filters: Record<string, unknown>) => toRangeForm(deviceFilterFormValues(filters));
const fromForm = (values: Record<string, unknown>) => fromRangeForm(deviceFilterFromForm(values));

/**
 * /alerts/index.html, the problems view: the company's alert records in the user's scope, open ones
 * first then history, with counts as filter cards, filters (level, status, region, category, time),
 * links to the device and its store, acknowledge (with a note; `alert:ack`) and close (asked first;
 * `alert:close`), the export of the filtered list, and a drawer with what is known about a record. New
 * records appear live.
 */
export default function AlertOverviewPage() {
  const { t } = useTranslation();
  const levels = useAlertLevels();
  const toQuery = useCallback((params: AlertListParams) => alertListQuery(params), []);
  const list = useListPage({ endpoint: E.listAlertRecords, filters: ALERT_FILTERS, rowKey: 'id', toQuery });
  const countQuery = useMemo(() => alertCountQuery(list.params), [list.params]);
  const counts = useQuery(apiQuery(E.getAlertRecordCounts, { query: countQuery }));
  useAlertLive([
    endpointKey(E.listAlertRecords),
    endpointKey(E.getAlertRecordCounts),
    endpointKey(E.getOpenAlertCount),
  ]);
  const [ackId, setAckId] = useState<number | null>(null);
  const [shown, setShown] = useState<AlertRecord | null>(null);
  const [exporting, setExporting] = useState(false);
  const close = useCallMutation(E.closeAlertRecord, {
    input: (id: number) => ({ params: { id } }),
    successMessage: t('alerts.message.closed'),
  });

  const { filters, setFilters } = list;
  const filterByCard = useCallback(
    (card: { status?: string; severity?: string }) =>
      setFilters({ ...filters, status: card.status, severity: card.severity }),
    [filters, setFilters],
  );
  const cards = alertCountCards(counts.data, (severity) =>
    levelName(severity, levels.options, String(severity)),
  );

  const exportList = async () => {
    setExporting(true);
    try {
      const blob = await api(E.exportAlertRecords, { query: countQuery });
      saveBlob(blob, t('alerts.exportFile'));
    } catch {
      // The request client has shown the refusal.
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<ListColumns<AlertRecord>>(
    () => [
      { key: 'alertTime', dataIndex: 'alertTime', title: t('alerts.field.alertTime'), width: 170 },
      {
        key: 'name',
        dataIndex: 'name',
        title: t('alerts.field.name'),
        width: 200,
        render: (name: string, row) => (
          <Button
            type="link"
            size="small"
            onClick={() => setShown(row)}
            data-testid={`alert-name-${row.id}`}
            style={{ padding: 0 }}
          >
            <span data-cell>{name}</span>
          </Button>
        ),
      },
      {
        key: 'severity',
        dataIndex: 'severity',
        title: t('alerts.field.severity'),
        width: 110,
        render: (level: number, row) => <AlertLevelTag level={level} fallback={row.severityName} />,
      },
      {
        key: 'status',
        title: t('alerts.field.status'),
        width: 100,
        render: (_: unknown, row) => <AlertStatusTag record={row} />,
      },
      {
        key: 'device',
        title: t('alerts.field.device'),
        width: 180,
        render: (_: unknown, row) => <DeviceLink record={row} />,
      },
      {
        key: 'shopName',
        title: t('alerts.field.shopName'),
        width: 180,
        render: (_: unknown, row) => <StoreLink record={row} />,
      },
      {
        key: 'recoveryTime',
        dataIndex: 'recoveryTime',
        title: t('alerts.field.recoveryTime'),
        width: 170,
        render: (v: string | null) => v ?? '-',
      },
      {
        key: 'acknowledged',
        title: t('alerts.field.acknowledged'),
        width: 150,
        render: (_: unknown, row) =>
          row.acknowledgedBy ? (
            <span title={row.ackNote ?? undefined} data-testid={`alert-acked-${row.id}`}>
              <span data-cell>{row.acknowledgedBy}</span>
            </span>
          ) : (
            '-'
          ),
      },
      actionsColumn<AlertRecord>({
        title: t('alerts.field.actions'),
        width: 200,
        actions: (row) =>
          alertRowActions(row, t, {
            detail: setShown,
            acknowledge: (record) => setAckId(record.id),
            close: (record) => close.mutateAsync(record.id),
          }),
      }),
    ],
    [t, close],
  );

  return (
    <div data-testid="alert-overview">
      <AlertCountCards
        cards={cards}
        loading={counts.isFetching}
        filters={{ status: list.filters.status, severity: list.filters.severity }}
        onFilter={filterByCard}
      />
      <ListFilterForm list={list} toFormValues={toForm} fromFormValues={fromForm}>
        <Form.Item name="region" label={t('alerts.filter.region')}>
          <RegionFilter />
        </Form.Item>
        <Form.Item name="category" label={t('alerts.filter.category')}>
          <CategoryCascader changeOnSelect data-testid="alert-filter-category" />
        </Form.Item>
        <Form.Item name="severity" label={t('alerts.field.severity')}>
          <Select
            allowClear
            placeholder={t('common.pleaseSelect')}
            options={levels.options.map((o) => ({ value: String(o.value), label: o.label }))}
            data-testid="alert-filter-severity"
          />
        </Form.Item>
        <Form.Item name="status" label={t('alerts.field.status')}>
          <Select
            allowClear
            placeholder={t('common.pleaseSelect')}
            options={[
              { value: '0', label: t('alerts.status.unresolved') },
              { value: '1', label: t('alerts.status.recovered') },
            ]}
            data-testid="alert-filter-status"
          />
        </Form.Item>
        <WideFilter>
          <Form.Item name="range" label={t('alerts.filter.time')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="alert-filter-range" />
          </Form.Item>
        </WideFilter>
      </ListFilterForm>
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={() => void exportList()} loading={exporting} data-testid="alert-export">
          {t('alerts.action.export')}
        </Button>
      </Space>
      <ListTable<AlertRecord>
        {...list.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 1460 }}
        data-testid="alert-overview-table"
      />
      <AckDialog recordId={ackId} onDone={() => setAckId(null)} />
      <AlertDetailDrawer record={shown} onClose={() => setShown(null)} />
    </div>
  );
}
