import { BUTTON, type Device, DeviceEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, theme } from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery, endpointKey } from '../api/call';
import { useCallMutation } from '../api/useCallMutation';
import { StatusCounts } from '../device-status/StatusCounts';
import { type CountCard, deviceCountCards } from '../device-status/status-cards';
import { useLang } from '../i18n/useLang';
import { type ListColumns, ListTable, useListPage } from '../list';
import { ConfirmPop } from '../list/ConfirmPop';
import { useLiveDevices } from '../live/useLiveDevices';
import { Access } from '../permissions/Access';
import { DeviceFilterForm } from './DeviceFilterForm';
import { deviceColumns } from './device-columns';
import {
  DEVICE_FILTERS,
  DEVICE_LIST_SORT_FIELDS,
  type DeviceCountCallQuery,
  type DeviceListParams,
  type DeviceListScope,
  deviceCountQuery,
  deviceListQuery,
} from './device-query';

export interface DeviceListPageProps {
  /** The page's own fixed filters, e.g. `{ monitored: 1 }`. */
  scope: DeviceListScope;
  /** What the batch button sets: unmonitor (0) on the monitored list, monitor (1) elsewhere. */
  batchMonitor: 0 | 1 | null;
  /** Buttons above the table (add, import). */
  toolbar?: ReactNode;
  /** The list is one store's: its filter form leaves out the region/store filter. */
  inStore?: boolean;
  /** Another list over devices, with its own counts and columns (the gateway page); none: the device lists'. */
  variant?: DeviceListVariant;
  testId: string;
}

/**
 * What a device list counts and shows beyond the device lists' own: the gateway page (gateway.tsx) counts
 * boxes and shows their pre-install flag and security key, with no row actions, selection or toolbar.
 */
export interface DeviceListVariant {
  /** The key of the counts' endpoint, read again with the list when a device changes state. */
  countKey: readonly [string, string];
  /** The count cards over the list's filters (a hook: it reads the counts). */
  useCountCards: (
    query: DeviceCountCallQuery,
    scope: DeviceListScope,
  ) => { cards: CountCard[]; loading: boolean };
  columns: (t: TFunction, sortOrder: (field: string) => 'ascend' | 'descend' | null) => ListColumns<Device>;
}

/** The device lists' counts: online, offline, alerting … over the page's scope. */
function useDeviceCountCards(query: DeviceCountCallQuery, scope: DeviceListScope) {
  const counts = useQuery(apiQuery(E.getDeviceStatus, { query }));
  return { cards: deviceCountCards(counts.data, scope), loading: counts.isFetching };
}

/** Sum of the column widths (and the selection column), so the table scrolls only as far as it must. */
function tableWidth(columns: readonly { width?: number | string }[], selectable: boolean): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), selectable ? 32 : 0);
}

/**
 * A device list (spec §2 device module): filters in the URL, sorting, the status counts (each a filter
 * link; offline in red), live badges, rows that flash when their device changes state while the list is
 * open, and row selection for setting the monitored flag in batch. With no sort chosen the server lists
 * problems first (offline, then alerting, then the rest); a status event refetches the list, so a device
 * going offline moves to the top without a reload.
 */
export function DeviceListPage({
  scope,
  batchMonitor,
  toolbar,
  inStore = false,
  variant,
  testId,
}: DeviceListPageProps) {
  const { t } = useTranslation();
  const { english } = useLang();
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<number[]>([]);
  const toQuery = useCallback((params: DeviceListParams) => deviceListQuery(params, scope), [scope]);
  const list = useListPage({
    endpoint: E.listDevices,
    filters: DEVICE_FILTERS,
    rowKey: 'deviceId',
    sortFields: DEVICE_LIST_SORT_FIELDS,
    toQuery,
  });
  // The cards count over the list's filters except the online status, which the cards themselves set.
  const countQuery = useMemo(
    () => deviceCountQuery({ ...list.params, onlineStatus: undefined }, scope),
    [list.params, scope],
  );
  // A page's variant never changes, so the same hook runs on every render.
  const useCountCards = variant?.useCountCards ?? useDeviceCountCards;
  const counts = useCountCards(countQuery, scope);
  const flashing = useLiveDevices(
    endpointKey(E.listDevices),
    variant?.countKey ?? endpointKey(E.getDeviceStatus),
  );
  const { filters, setFilters } = list;
  const filterByStatus = useCallback(
    (onlineStatus: string) => setFilters({ ...filters, onlineStatus }),
    [filters, setFilters],
  );

  const monitor = useCallMutation(E.ids, {
    // `mornitored` is spelled as the spec has it.
    input: ({ ids, flag }: { ids: number[]; flag: 0 | 1 }) => ({
      query: { ids: ids.join(','), mornitored: flag },
    }),
    successMessage: (_result, { flag }) =>
      t(flag === 1 ? 'device.message.monitored' : 'device.message.unmonitored'),
  });
  const { mutateAsync: setMonitored } = monitor;
  const monitorDevices = useCallback(
    async (ids: number[], flag: 0 | 1) => {
      await setMonitored({ ids, flag });
      setSelected([]);
    },
    [setMonitored],
  );

  const columns = useMemo(
    () =>
      variant?.columns(t, list.sortOrder) ??
      deviceColumns({
        t,
        english,
        sortOrder: list.sortOrder,
        extraActions:
          batchMonitor === 1
            ? (row: Device) => [
                {
                  key: 'monitor',
                  label: t('device.action.monitor'),
                  codes: [BUTTON.deviceMonitor],
                  onClick: () => monitorDevices([row.deviceId], 1),
                  testId: `device-monitor-${row.deviceId}`,
                },
              ]
            : undefined,
      }),
    [variant, t, english, list.sortOrder, batchMonitor, monitorDevices],
  );

  // A refused change has been reported by the request client; the selection stays.
  const runBatch = () => {
    if (batchMonitor !== null) void monitorDevices(selected, batchMonitor).catch(() => undefined);
  };
  const batchButton =
    batchMonitor !== null ? (
      <Button
        disabled={selected.length === 0}
        loading={monitor.isPending}
        onClick={batchMonitor === 1 ? runBatch : undefined}
        data-testid="device-batch-monitor"
      >
        {t(batchMonitor === 1 ? 'device.action.batchMonitor' : 'device.action.batchUnmonitor', {
          count: selected.length,
        })}
      </Button>
    ) : null;

  return (
    <div data-testid={testId}>
      <StatusCounts
        cards={counts.cards}
        loading={counts.loading}
        onlineStatus={list.filters.onlineStatus}
        onFilter={filterByStatus}
      />
      <DeviceFilterForm list={list} inStore={inStore} />
      {variant ? null : (
        <Space style={{ marginBottom: 16 }} wrap>
          {toolbar}
          {batchButton ? (
            <Access codes={[BUTTON.deviceMonitor]}>
              {batchMonitor === 0 ? (
                // Stopping monitoring silences the devices' alerts: asked first.
                <ConfirmPop
                  title={t('device.confirm.batchUnmonitor', { count: selected.length })}
                  okText={t('device.confirm.batchUnmonitorOk')}
                  okDanger
                  disabled={selected.length === 0}
                  onConfirm={runBatch}
                >
                  {batchButton}
                </ConfirmPop>
              ) : (
                batchButton
              )}
            </Access>
          ) : null}
        </Space>
      )}
      <ListTable<Device>
        {...list.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: tableWidth(columns, batchMonitor !== null) }}
        rowSelection={
          batchMonitor !== null
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        onRow={(row) => {
          const flash = flashing.has(row.deviceId);
          return {
            'data-flash': flash ? 'true' : 'false',
            style: {
              transition: 'background-color 1.5s ease-out',
              ...(flash ? { backgroundColor: token.colorWarningBg } : {}),
            },
          } as HTMLAttributes<HTMLTableRowElement>;
        }}
        data-testid={`${testId}-table`}
      />
    </div>
  );
}
