import { type DeviceSyslog, MonitoringEndpoints } from '@storefleet/contracts';
import { DatePicker, Form, Result, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { type ListColumns, ListFilterForm, ListTable, useListPage } from '@/shared/list';
import { DeviceHeader } from './DeviceHeader';
import { SYSLOG_FILTERS, syslogQuery } from './syslog-query';
import { useDevice, useDeviceIdParam } from './useDeviceParam';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * /device/syslog.html?deviceId=: the device's head (name, store, its other pages) and its syslog
 * lines, newest first, shown as plain text.
 */
export default function DeviceSyslogPage() {
  const { t } = useTranslation();
  const deviceId = useDeviceIdParam();
  const device = useDevice(deviceId);
  const list = useListPage({
    endpoint: MonitoringEndpoints.listDeviceLog,
    filters: SYSLOG_FILTERS,
    rowKey: 'uuid',
    toQuery: syslogQuery,
  });
  // The device is part of the address, not a filter the form clears.
  const formList = useMemo(
    () => ({ ...list, resetFilters: () => list.setFilters({ deviceId: String(deviceId) }) }),
    [list, deviceId],
  );
  const columns = useMemo<ListColumns<DeviceSyslog>>(
    () => [
      { key: 'logDatetime', dataIndex: 'logDatetime', title: t('device.syslog.logDatetime'), width: 170 },
      { key: 'hostIp', dataIndex: 'hostIp', title: t('device.syslog.hostIp'), width: 140 },
      { key: 'logLevel', dataIndex: 'logLevel', title: t('device.syslog.logLevel'), width: 100 },
      {
        key: 'logMessage',
        dataIndex: 'logMessage',
        title: t('device.syslog.logMessage'),
        // Device text is attacker input: React renders it as text, pre-wrap keeps its line breaks.
        render: (message: string) => (
          <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {message}
          </Typography.Text>
        ),
      },
    ],
    [t],
  );
  if (deviceId === null || device.isError) {
    return <Result status="404" title={t('device.details.notFound')} data-testid="device-not-found" />;
  }
  return (
    <div data-testid="device-syslog">
      {device.data ? <DeviceHeader device={device.data} current="syslog" /> : <Spin />}
      <ListFilterForm
        list={formList}
        toFormValues={(filters) => {
          const start =
            typeof filters.startDatetime === 'string' ? dayjs(filters.startDatetime, FORMAT) : null;
          const end = typeof filters.endDatetime === 'string' ? dayjs(filters.endDatetime, FORMAT) : null;
          return { range: start?.isValid() && end?.isValid() ? [start, end] : undefined };
        }}
        fromFormValues={(values) => {
          const range = values.range as [Dayjs, Dayjs] | null | undefined;
          return {
            deviceId: String(deviceId),
            startDatetime: range?.[0]?.format(FORMAT),
            endDatetime: range?.[1]?.format(FORMAT),
          };
        }}
      >
        <Form.Item name="range" label={t('device.syslog.range')}>
          <DatePicker.RangePicker showTime format={FORMAT} data-testid="device-syslog-range" />
        </Form.Item>
      </ListFilterForm>
      <ListTable<DeviceSyslog>
        {...list.tableProps}
        columns={columns}
        size="small"
        expandable={{
          expandedRowRender: (row) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
              {row.logContent}
            </Typography.Paragraph>
          ),
        }}
        data-testid="device-syslog-table"
      />
    </div>
  );
}
