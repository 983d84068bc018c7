import { BUTTON, type Device, DeviceSystem } from '@storefleet/contracts';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { displayBadge, shownStateOf } from '../device-status/display-state';
import { actionsColumn, type ListColumns, type RowAction } from '../list';
import { StatusDot } from '../list/marks';
import { DeviceStateSwitch } from './DeviceStateSwitch';
import { offersSyslog } from './syslog-offer';

/** Where a device's pages live. */
export const devicePage = {
  details: (id: number) => `/device/details.html?deviceId=${id}`,
  update: (id: number) => `/device/update.html?deviceId=${id}`,
  syslog: (id: number) => `/device/syslog.html?deviceId=${id}`,
  androidInfo: (id: number) => `/device/android-info.html?deviceId=${id}`,
} as const;

/** The row's state badge: online, offline (red), disabled, or "not monitored" (never "offline"). */
export function DeviceStatusBadge({ device, t }: { device: Device; t: TFunction }) {
  const badge = displayBadge(shownStateOf(device));
  return (
    <StatusDot
      status={badge.status}
      text={t(badge.labelKey)}
      data-testid={`device-online-${device.deviceId}`}
    />
  );
}

export interface DeviceColumnOptions {
  t: TFunction;
  english: boolean;
  sortOrder: (field: string) => 'ascend' | 'descend' | null;
  /** Extra row actions (e.g. "monitor" on the not-monitored list). */
  extraActions?: (device: Device) => RowAction[];
}

/** A text cell cut with an ellipsis (full text on hover), so one long name cannot widen the table. */
const ellipsis = { ellipsis: { showTitle: true } } as const;

/**
 * The columns every list of devices starts with, gateway page included: name (a link to the details),
 * store, state, IP, MAC and last online, so they fit a 1440 px screen.
 */
export function leadingDeviceColumns(
  t: TFunction,
  sortOrder: DeviceColumnOptions['sortOrder'],
  nameWidth: number,
): ListColumns<Device> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
  return [
    {
      ...sortable('deviceName'),
      ...ellipsis,
      dataIndex: 'deviceName',
      title: t('device.field.deviceName'),
      width: nameWidth,
      render: (name: string, row) => <Link to={devicePage.details(row.deviceId)}>{name}</Link>,
    },
    {
      ...sortable('shopName'),
      ...ellipsis,
      dataIndex: 'shopName',
      title: t('device.field.shopName'),
      width: 140,
    },
    {
      ...sortable('deviceOnlineStatus'),
      dataIndex: 'deviceOnlineStatus',
      title: t('device.field.onlineStatus'),
      width: 100,
      render: (_: unknown, row) => <DeviceStatusBadge device={row} t={t} />,
    },
    { ...sortable('intranetIp'), dataIndex: 'intranetIp', title: t('device.field.intranetIp'), width: 130 },
    { ...sortable('macAddress'), dataIndex: 'macAddress', title: t('device.field.macAddress'), width: 150 },
    {
      ...sortable('deviceOnlineTime'),
      dataIndex: 'deviceOnlineTime',
      title: t('device.field.deviceOnlineTime'),
      width: 160,
      render: (time: string | null) => time ?? '-',
    },
  ];
}

/**
 * The device list columns of spec §3; every device value is rendered as text. At 1440 px (content about
 * 1150 px) name, store, state, IP, MAC and last online fit left of the fixed actions column; category,
 * model and the enable switch come after them.
 */
export function deviceColumns({
  t,
  english,
  sortOrder,
  extraActions,
}: DeviceColumnOptions): ListColumns<Device> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
  return [
    ...leadingDeviceColumns(t, sortOrder, 160),
    {
      ...sortable('state'),
      dataIndex: 'state',
      title: t('device.field.state'),
      width: 90,
      render: (_: unknown, row) => <DeviceStateSwitch device={row} />,
    },
    {
      key: 'category',
      ...ellipsis,
      title: t('device.field.category'),
      width: 150,
      render: (_: unknown, row) => {
        const large = (english ? row.categoryNameEn : null) ?? row.categoryName;
        const small = (english ? row.classNameEn : null) ?? row.className;
        return [large, small].filter(Boolean).join(' / ') || '-';
      },
    },
    {
      ...sortable('model'),
      ...ellipsis,
      dataIndex: 'model',
      title: t('device.field.brandModel'),
      width: 150,
      render: (_: unknown, row) => [row.deviceBrand, row.model].filter(Boolean).join(' / ') || '-',
    },
    actionsColumn<Device>({
      title: t('device.column.actions'),
      width: 200,
      actions: (row) => [
        { key: 'details', label: t('common.details'), to: devicePage.details(row.deviceId) },
        {
          key: 'edit',
          label: t('device.action.edit'),
          codes: [BUTTON.deviceUpdate],
          to: devicePage.update(row.deviceId),
          testId: `device-edit-${row.deviceId}`,
        },
        {
          key: 'syslog',
          label: t('device.action.syslog'),
          hidden: !offersSyslog(row),
          to: devicePage.syslog(row.deviceId),
          testId: `device-syslog-${row.deviceId}`,
        },
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
  return <span>{value === null || value === undefined || value === '' ? '-' : String(value)}</span>;
}
