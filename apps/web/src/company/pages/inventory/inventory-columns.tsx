import { BUTTON, Flag, type InventoryRecord, NetworkFlag, OnlineStatus } from '@storefleet/contracts';
import { Badge, Tag } from 'antd';
import type { TFunction } from 'i18next';

import { actionsColumn, type ListColumns } from '@/shared/list';

/** What a row can ask the page to do (dialogs and writes live on the page). */
export interface InventoryRowHandlers {
  view: (row: InventoryRecord) => void;
  edit: (row: InventoryRecord) => void;
  bind: (row: InventoryRecord) => void;
  unbind: (row: InventoryRecord) => Promise<unknown>;
  markNonNetwork: (row: InventoryRecord) => Promise<unknown>;
  markNetwork: (row: InventoryRecord) => Promise<unknown>;
  remove: (row: InventoryRecord) => Promise<unknown>;
}

export interface InventoryColumnOptions {
  t: TFunction;
  english: boolean;
  sortOrder: (field: string) => 'ascend' | 'descend' | null;
  handlers: InventoryRowHandlers;
}

const ellipsis = { ellipsis: { showTitle: true } } as const;

/** Device data as it came (the register's text), marked for the language walk. */
const cell = (value: string | null | undefined) => <span data-cell>{value ? value : '-'}</span>;

/** The bound device and its state: online, offline, or not bound. */
function BoundDevice({ row, t }: { row: InventoryRecord; t: TFunction }) {
  if (row.boundDeviceId === null)
    return <Tag data-testid={`inventory-bound-${row.id}`}>{t('inventory.notBound')}</Tag>;
  const online = row.onlineStatus === OnlineStatus.ONLINE;
  return (
    <span data-testid={`inventory-bound-${row.id}`} data-device-id={row.boundDeviceId}>
      <Badge
        status={online ? 'success' : 'error'}
        text={t(online ? 'inventory.online' : 'inventory.offline')}
      />{' '}
      <span data-cell>{row.boundDeviceName ?? ''}</span>
    </span>
  );
}

/**
 * The inventory list's columns (spec §3 "Asset / inventory device") in the order an operator taking
 * inventory scans: asset number and name, store, the binding (with the device's state), MAC, property
 * status — about 850 px, in view beside the fixed actions column at 1440 px — then category, brand and
 * model, managed. Every register value is shown as text.
 */
export function inventoryColumns({
  t,
  english,
  sortOrder,
  handlers,
}: InventoryColumnOptions): ListColumns<InventoryRecord> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
  return [
    {
      ...sortable('assetNo'),
      ...ellipsis,
      dataIndex: 'assetNo',
      title: t('inventory.field.assetNo'),
      width: 130,
      render: (value: string, row) => (
        <span data-cell data-testid={`inventory-asset-${row.id}`}>
          {value}
        </span>
      ),
    },
    {
      ...sortable('deviceName'),
      ...ellipsis,
      dataIndex: 'deviceName',
      title: t('inventory.field.deviceName'),
      width: 150,
      render: cell,
    },
    {
      ...sortable('shopName'),
      ...ellipsis,
      dataIndex: 'shopName',
      title: t('inventory.field.shopName'),
      width: 130,
      render: cell,
    },
    {
      key: 'bound',
      ...ellipsis,
      title: t('inventory.field.boundDevice'),
      width: 170,
      render: (_: unknown, row) =>
        row.isNetworkDevice === NetworkFlag.NOT_NETWORKED ? (
          <Tag data-testid={`inventory-bound-${row.id}`}>
            {NetworkFlag.labelOf(NetworkFlag.NOT_NETWORKED, english ? 'en' : 'zh')}
          </Tag>
        ) : (
          <BoundDevice row={row} t={t} />
        ),
    },
    {
      ...sortable('macAddress'),
      dataIndex: 'macAddress',
      title: t('inventory.field.macAddress'),
      width: 150,
      render: cell,
    },
    {
      ...sortable('status'),
      dataIndex: 'statusName',
      title: t('inventory.field.status'),
      width: 90,
      render: (name: string) => name,
    },
    {
      key: 'category',
      ...ellipsis,
      title: t('inventory.field.category'),
      width: 140,
      render: (_: unknown, row) => cell([row.categoryName, row.className].filter(Boolean).join(' / ')),
    },
    {
      ...sortable('model'),
      ...ellipsis,
      dataIndex: 'model',
      title: t('inventory.field.model'),
      width: 130,
      render: (_: unknown, row) => cell([row.deviceBrand, row.model].filter(Boolean).join(' / ')),
    },
    {
      key: 'isManage',
      title: t('inventory.field.isManage'),
      width: 80,
      render: (_: unknown, row) =>
        Flag.labelOf(row.isManage === Flag.YES ? Flag.YES : Flag.NO, english ? 'en' : 'zh'),
    },
    actionsColumn<InventoryRecord>({
      title: t('inventory.column.actions'),
      width: 250,
      actions: (row) => {
        const bound = row.boundDeviceId !== null;
        const nonNetwork = row.isNetworkDevice === NetworkFlag.NOT_NETWORKED;
        return [
          {
            key: 'view',
            label: t('inventory.action.view'),
            onClick: () => handlers.view(row),
            testId: `inventory-view-${row.id}`,
          },
          {
            key: 'edit',
            label: t('inventory.action.edit'),
            codes: [BUTTON.inventoryUpdate],
            onClick: () => handlers.edit(row),
            testId: `inventory-edit-${row.id}`,
          },
          {
            key: 'bind',
            label: t('inventory.action.bind'),
            codes: [BUTTON.inventoryBind],
            hidden: bound || nonNetwork,
            onClick: () => handlers.bind(row),
            testId: `inventory-bind-${row.id}`,
          },
          {
            key: 'unbind',
            label: t('inventory.action.unbind'),
            codes: [BUTTON.inventoryUnbind],
            hidden: !bound,
            danger: true,
            confirm: t('inventory.confirm.unbind', {
              assetNo: row.assetNo,
              device: row.boundDeviceName ?? '',
            }),
            onClick: () => handlers.unbind(row),
            testId: `inventory-unbind-${row.id}`,
          },
          {
            key: 'nonNetwork',
            label: t('inventory.action.markNonNetwork'),
            codes: [BUTTON.inventoryNoNetwork],
            hidden: bound || nonNetwork,
            confirm: t('inventory.confirm.nonNetwork', { assetNo: row.assetNo }),
            onClick: () => handlers.markNonNetwork(row),
            testId: `inventory-non-network-${row.id}`,
          },
          {
            key: 'network',
            label: t('inventory.action.markNetwork'),
            codes: [BUTTON.inventoryNoNetwork],
            hidden: !nonNetwork,
            onClick: () => handlers.markNetwork(row),
            testId: `inventory-network-${row.id}`,
          },
          {
            key: 'delete',
            label: t('inventory.action.delete'),
            codes: [BUTTON.inventoryDelete],
            danger: true,
            confirm: t('inventory.confirm.delete', { assetNo: row.assetNo }),
            onClick: () => handlers.remove(row),
            testId: `inventory-delete-${row.id}`,
          },
        ];
      },
    }),
  ];
}
