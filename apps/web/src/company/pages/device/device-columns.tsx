import { BUTTON, type Device, DeviceSystem } from '@storefleet/contracts';
import { Badge, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';

import { actionsColumn, type RowAction } from '../../../shared/list';
import { DeviceStateSwitch } from './DeviceStateSwitch';
import { displayBadge, displayStateOf } from './display-state';

/** Where a device's pages live. */
export const devicePage = {
  details: (id: number) => `/device/details.html?deviceId=${id}`,
  update: (id: number) => `/device/update.html?deviceId=${id}`,
  syslog: (id: number) => `/device/syslog.html?deviceId=${id}`,
  androidInfo: (id: number) => `/device/android-info.html?deviceId=${id}`,
} as const;

/** The online badge of reading B (1 online, 2 offline, 3 disabled). */
export function DeviceStatusBadge({ device, t }: { device: Device; t: TFunction }) {
  const badge = displayBadge(displayStateOf(device));
  return (
    <Badge status={badge.status} text={t(badge.labelKey)} data-testid={`device-online-${device.deviceId}`} />
  );
}

export interface DeviceColumnOptions {
  t: TFunction;
  english: boolean;
  sortOrder: (field: string) => 'ascend' | 'descend' | null;
  /** Extra row actions (e.g. "monitor" on the not-monitored list). */
  extraActions?: (device: Device) => RowAction[];
}

/** The device list columns of spec §3; every device value is rendered as text. */
export function deviceColumns({
  t,
  english,
  sortOrder,
  extraActions,
}: DeviceColumnOptions): TableColumnsType<Device> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
  return [
    { ...sortable('shopName'), dataIndex: 'shopName', title: t('device.field.shopName'), width: 160 },
    {
      ...sortable('deviceName'),
      dataIndex: 'deviceName',
      title: t('device.field.deviceName'),
      width: 180,
      render: (name: string, row) => <Link to={devicePage.details(row.deviceId)}>{name}</Link>,
    },
    {
      ...sortable('deviceOnlineStatus'),
      dataIndex: 'deviceOnlineStatus',
      title: t('device.field.onlineStatus'),
      width: 100,
      render: (_: unknown, row) => <DeviceStatusBadge device={row} t={t} />,
    },
    {
      ...sortable('state'),
      dataIndex: 'state',
      title: t('device.field.state'),
      width: 100,
      render: (_: unknown, row) => <DeviceStateSwitch device={row} />,
    },
    {
      key: 'category',
      title: t('device.field.category'),
      width: 170,
      render: (_: unknown, row) => {
        const large = (english ? row.categoryNameEn : null) ?? row.categoryName;
        const small = (english ? row.classNameEn : null) ?? row.className;
        return [large, small].filter(Boolean).join(' / ') || '-';
      },
    },
    {
      ...sortable('model'),
      dataIndex: 'model',
      title: t('device.field.brandModel'),
      width: 170,
      render: (_: unknown, row) => [row.deviceBrand, row.model].filter(Boolean).join(' / ') || '-',
    },
    { ...sortable('intranetIp'), dataIndex: 'intranetIp', title: t('device.field.intranetIp'), width: 140 },
    { ...sortable('macAddress'), dataIndex: 'macAddress', title: t('device.field.macAddress'), width: 160 },
    {
      ...sortable('deviceOnlineTime'),
      dataIndex: 'deviceOnlineTime',
      title: t('device.field.deviceOnlineTime'),
      width: 170,
      render: (time: string | null) => time ?? '-',
    },
    actionsColumn<Device>({
      title: t('device.column.actions'),
      width: 220,
      actions: (row) => [
        { key: 'details', label: t('common.details'), to: devicePage.details(row.deviceId) },
        {
          key: 'edit',
          label: t('device.action.edit'),
          codes: [BUTTON.deviceUpdate],
          to: devicePage.update(row.deviceId),
          testId: `device-edit-${row.deviceId}`,
        },
        { key: 'syslog', label: t('device.action.syslog'), to: devicePage.syslog(row.deviceId) },
        {
          key: 'androidInfo',
          label: t('device.action.androidInfo'),
          hidden: row.deviceSystem !== DeviceSystem.ANDROID,
          to: devicePage.androidInfo(row.deviceId),
        },
        ...(extraActions?.(row) ?? []),
      ],
    }),
  ];
}

/** A value shown as plain text, or a dash when absent. */
export function TextValue({ value }: { value: string | number | null | undefined }) {
  return (
    <Typography.Text>
      {value === null || value === undefined || value === '' ? '-' : String(value)}
    </Typography.Text>
  );
}
