import { type DeviceUsageRow, UsageRowType } from '@storefleet/contracts';
import { Progress, Tag } from 'antd';
import type { TFunction } from 'i18next';

import type { ListColumn } from '@/shared/list';

/**
 * The usage list's columns; sortable ones carry the list's sort order. Which device, where and when,
 * then its figures (usage rate, online and offline time) come first, so a 1440 px screen shows them
 * without scrolling; the descriptive columns follow.
 */
export function usageColumns(
  t: TFunction,
  sortOrder: (field: string) => 'ascend' | 'descend' | null,
): ListColumn<DeviceUsageRow>[] {
  const sortable = (field: string) => ({ sorter: true, sortOrder: sortOrder(field) });
  return [
    {
      title: t('usage.field.deviceName'),
      dataIndex: 'deviceName',
      width: 160,
      fixed: 'left',
      ellipsis: true,
      ...sortable('deviceName'),
    },
    {
      title: t('usage.field.shopName'),
      dataIndex: 'shopName',
      width: 150,
      ellipsis: true,
      ...sortable('shopName'),
    },
    {
      title: t('usage.field.statisticsDate'),
      dataIndex: 'statisticsDate',
      width: 120,
      ...sortable('statisticsDate'),
    },
    {
      title: t('usage.field.usageRate'),
      dataIndex: 'usageRate',
      width: 160,
      ...sortable('usageRate'),
      render: (rate: number) => (
        <Progress percent={rate} size="small" format={(p) => `${(p ?? 0).toFixed(2)}%`} />
      ),
    },
    { title: t('usage.field.onlineTime'), dataIndex: 'onlineTime', width: 120, ...sortable('onlineTime') },
    { title: t('usage.field.offlineTime'), dataIndex: 'offlineTime', width: 120, ...sortable('offlineTime') },
    {
      title: t('usage.field.type'),
      dataIndex: 'type',
      width: 110,
      render: (type: number) =>
        type === UsageRowType.TODAY ? (
          <Tag color="processing">{t('usage.type.today')}</Tag>
        ) : (
          t('usage.type.day')
        ),
    },
    { title: t('usage.field.deviceSn'), dataIndex: 'deviceSn', width: 140 },
    { title: t('usage.field.assetNo'), dataIndex: 'assetNo', width: 130 },
    { title: t('usage.field.categoryName'), dataIndex: 'categoryName', width: 120 },
    { title: t('usage.field.className'), dataIndex: 'className', width: 120 },
  ];
}

/** The columns' total width: the table scrolls sideways below it. */
export function columnsWidth(columns: readonly ListColumn<DeviceUsageRow>[]): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
}
