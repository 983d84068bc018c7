import {
  BUTTON,
  DeviceEndpoints,
  InventoryEndpoints as E,
  type InventoryRecord,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { useLang } from '@/shared/i18n/useLang';
import { ListTable, useListPage } from '@/shared/list';
import { Access } from '@/shared/permissions/Access';
import { InventoryFilterForm } from './InventoryFilterForm';
import { InventorySummaryCards } from './InventorySummaryCards';
import { inventoryColumns } from './inventory-columns';
import {
  asCallBody,
  INVENTORY_DEFAULT_SORT,
  INVENTORY_FILTERS,
  INVENTORY_LIST_SORT_FIELDS,
  type InventoryCallBody,
  type InventoryListParams,
  type InventoryScope,
  inventoryFilterBody,
  inventoryListBody,
  type ListCallBody,
  type SummaryCallBody,
} from './inventory-query';

/** The dialogs load when first opened: the list does not download them to show itself. */
const RecordDialog = lazy(() => import('./RecordDialog'));
const BindDialog = lazy(() => import('./BindDialog'));

type Dialog = { kind: 'view' | 'edit' | 'bind'; record: InventoryRecord } | null;

export interface InventoryListPageProps {
  scope: InventoryScope;
  /** Buttons above the table; they get the list's filters and sort (what the export writes). */
  toolbar?: (exportQuery: InventoryCallBody) => ReactNode;
  testId: string;
}

function tableWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 32);
}

/**
 * An inventory list (spec §2 device inventory, non-network): filters in the URL, the summary cards
 * for the same filters, sorting, row actions (view/edit, bind, unbind, non-network, delete) and batch
 * delete / non-network on the selected rows. The non-network page is the same list fixed to
 * `isNetworkDevice=1`, with "back to networked" instead of binding.
 */
export function InventoryListPage({ scope, toolbar, testId }: InventoryListPageProps) {
  const { t } = useTranslation();
  const { english } = useLang();
  const nonNetworkPage = scope.isNetworkDevice === 1;
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const toQuery = useCallback(
    (params: InventoryListParams) => asCallBody<ListCallBody>(inventoryListBody(params, scope)),
    [scope],
  );
  const list = useListPage({
    endpoint: E.listInventoryDevices,
    filters: INVENTORY_FILTERS,
    rowKey: 'id',
    sortFields: INVENTORY_LIST_SORT_FIELDS,
    defaultSort: INVENTORY_DEFAULT_SORT,
    toQuery,
  });
  const filterBody = useMemo(() => inventoryFilterBody(list.params, scope), [list.params, scope]);
  const exportQuery = useMemo(
    () => ({
      ...filterBody,
      sortBy: list.params.sortBy ?? INVENTORY_DEFAULT_SORT.sortBy,
      sortDirection: list.params.sortDirection ?? INVENTORY_DEFAULT_SORT.sortDirection,
    }),
    [filterBody, list.params.sortBy, list.params.sortDirection],
  );
  const summary = useQuery(
    apiQuery(E.listInventoryDevicesData, { body: asCallBody<SummaryCallBody>(filterBody) }),
  );
  const { filters, setFilters } = list;

  // Binding and unbinding change the device's monitoring: the device lists are refreshed too.
  const alsoDevices = { alsoInvalidates: [DeviceEndpoints.listDevices] } as const;
  const unbind = useCallMutation(E.unbind, {
    input: (row: InventoryRecord) => ({ params: { inventoryId: row.id } }),
    successMessage: t('inventory.message.unbound'),
    ...alsoDevices,
  });
  const nonNetwork = useCallMutation(E.addNoNetwork, {
    input: (ids: number[]) => ({ body: ids }),
    successMessage: t('inventory.message.nonNetwork'),
  });
  const network = useCallMutation(E.addNetwork, {
    input: (ids: number[]) => ({ body: ids }),
    successMessage: t('inventory.message.network'),
  });
  const remove = useCallMutation(E.remove, {
    input: (row: InventoryRecord) => ({ params: { id: row.id } }),
    successMessage: t('inventory.message.deleted'),
  });
  const removeBatch = useCallMutation(E.removeBatch, {
    input: (ids: number[]) => ({ params: { ids: ids.join(',') } }),
    successMessage: (result) => t('inventory.message.batchDeleted', { count: result.deleted }),
  });

  const columns = useMemo(
    () =>
      inventoryColumns({
        t,
        english,
        sortOrder: list.sortOrder,
        handlers: {
          view: (record) => setDialog({ kind: 'view', record }),
          edit: (record) => setDialog({ kind: 'edit', record }),
          bind: (record) => setDialog({ kind: 'bind', record }),
          unbind: (row) => unbind.mutateAsync(row),
          markNonNetwork: (row) => nonNetwork.mutateAsync([row.id]),
          markNetwork: (row) => network.mutateAsync([row.id]),
          remove: (row) => remove.mutateAsync(row),
        },
      }),
    [
      t,
      english,
      list.sortOrder,
      unbind.mutateAsync,
      nonNetwork.mutateAsync,
      network.mutateAsync,
      remove.mutateAsync,
    ],
  );

  // A refused batch has been reported by the request client; the selection stays for another try.
  const batch = (run: (ids: number[]) => Promise<unknown>) => () =>
    void run(selected).then(
      () => setSelected([]),
      () => undefined,
    );
  const none = selected.length === 0;

  return (
    <div data-testid={testId}>
      <InventorySummaryCards
        summary={summary.data}
        loading={summary.isFetching}
        nonNetworkPage={nonNetworkPage}
        filters={filters}
        onFilter={(filter) => setFilters({ ...filters, ...filter })}
      />
      <InventoryFilterForm list={list} nonNetworkPage={nonNetworkPage} />
      <Space style={{ marginBottom: 16 }} wrap>
        {toolbar?.(exportQuery)}
        <Access codes={[BUTTON.inventoryNoNetwork]}>
          {nonNetworkPage ? (
            <Button
              disabled={none}
              loading={network.isPending}
              onClick={batch(network.mutateAsync)}
              data-testid="inventory-batch-network"
            >
              {t('inventory.action.batchNetwork', { count: selected.length })}
            </Button>
          ) : (
            <Popconfirm
              title={t('inventory.confirm.batchNonNetwork', { count: selected.length })}
              disabled={none}
              onConfirm={batch(nonNetwork.mutateAsync)}
            >
              <Button
                disabled={none}
                loading={nonNetwork.isPending}
                data-testid="inventory-batch-non-network"
              >
                {t('inventory.action.batchNonNetwork', { count: selected.length })}
              </Button>
            </Popconfirm>
          )}
        </Access>
        <Access codes={[BUTTON.inventoryDelete]}>
          <Popconfirm
            title={t('inventory.confirm.batchDelete', { count: selected.length })}
            okButtonProps={{ danger: true }}
            disabled={none}
            onConfirm={batch(removeBatch.mutateAsync)}
          >
            <Button
              danger
              disabled={none}
              loading={removeBatch.isPending}
              data-testid="inventory-batch-delete"
            >
              {t('inventory.action.batchDelete', { count: selected.length })}
            </Button>
          </Popconfirm>
        </Access>
      </Space>
      <ListTable<InventoryRecord>
        {...list.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: tableWidth(columns) }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        data-testid={`${testId}-table`}
      />
      {dialog ? (
        <Suspense fallback={null}>
          {dialog.kind === 'bind' ? (
            <BindDialog record={dialog.record} onClose={() => setDialog(null)} />
          ) : (
            <RecordDialog
              recordId={dialog.record.id}
              editable={dialog.kind === 'edit'}
              onClose={() => setDialog(null)}
            />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}
