import { BUTTON, type Device, DeviceEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery, endpointKey } from '../../../shared/api/call';
import { useCallMutation } from '../../../shared/api/useCallMutation';
import { useLang } from '../../../shared/i18n/useLang';
import { useListPage } from '../../../shared/list';
import { Access } from '../../../shared/permissions/Access';
import { DeviceFilterForm } from './DeviceFilterForm';
import { deviceColumns } from './device-columns';
import {
  DEVICE_DEFAULT_SORT,
  DEVICE_FILTERS,
  DEVICE_LIST_SORT_FIELDS,
  type DeviceListParams,
  type DeviceListScope,
  deviceCountQuery,
  deviceListQuery,
} from './device-query';
import { StatusCounts } from './StatusCounts';
import { useLiveDevices } from './useLiveDevices';

export interface DeviceListPageProps {
  /** The page's own fixed filters, e.g. `{ monitored: 1 }`. */
  scope: DeviceListScope;
  /** What the batch button sets: unmonitor (0) on the monitored list, monitor (1) elsewhere. */
  batchMonitor: 0 | 1 | null;
  /** Buttons above the table (add, import). */
  toolbar?: ReactNode;
  testId: string;
}

/**
 * A device list (spec §2 device module): filters in the URL, sorting, the status counts over the same
 * filters, live online badges, and row selection for setting the monitored flag in batch.
 */
export function DeviceListPage({ scope, batchMonitor, toolbar, testId }: DeviceListPageProps) {
  const { t } = useTranslation();
  const { english } = useLang();
  const [selected, setSelected] = useState<number[]>([]);
  const toQuery = useCallback((params: DeviceListParams) => deviceListQuery(params, scope), [scope]);
  const list = useListPage({
    endpoint: E.listDevices,
    filters: DEVICE_FILTERS,
    rowKey: 'deviceId',
    sortFields: DEVICE_LIST_SORT_FIELDS,
    defaultSort: DEVICE_DEFAULT_SORT,
    toQuery,
  });
  const countQuery = useMemo(() => deviceCountQuery(list.params, scope), [list.params, scope]);
  const counts = useQuery(apiQuery(E.getDeviceStatus, { query: countQuery }));
  useLiveDevices(endpointKey(E.listDevices), endpointKey(E.getDeviceStatus));

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
    [t, english, list.sortOrder, batchMonitor, monitorDevices],
  );

  return (
    <div data-testid={testId}>
      <StatusCounts
        loading={counts.isFetching}
        items={[
          { key: 'total', labelKey: 'device.count.total', value: counts.data?.deviceNum },
          { key: 'online', labelKey: 'device.count.online', value: counts.data?.onlineNum, color: '#52c41a' },
          {
            key: 'offline',
            labelKey: 'device.count.offline',
            value: counts.data?.offlineNum,
            color: '#8c8c8c',
          },
        ]}
      />
      <DeviceFilterForm list={list} />
      <Space style={{ marginBottom: 16 }} wrap>
        {toolbar}
        {batchMonitor !== null ? (
          <Access codes={[BUTTON.deviceMonitor]}>
            <Button
              disabled={selected.length === 0}
              loading={monitor.isPending}
              // A refused change has been reported by the request client; the selection stays.
              onClick={() => void monitorDevices(selected, batchMonitor).catch(() => undefined)}
              data-testid="device-batch-monitor"
            >
              {t(batchMonitor === 1 ? 'device.action.batchMonitor' : 'device.action.batchUnmonitor', {
                count: selected.length,
              })}
            </Button>
          </Access>
        ) : null}
      </Space>
      <Table<Device>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 1500 }}
        rowSelection={
          batchMonitor !== null
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        data-testid={`${testId}-table`}
      />
    </div>
  );
}
