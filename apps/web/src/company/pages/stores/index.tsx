/** Store overview: the stores of the caller's scope with filters, and add/edit/move/delete behind buttons. */
import { BUTTON, type Store, StoreEndpoints } from '@storefleet/contracts';
import { Button, Space } from 'antd';
// Input alone: `Input` from 'antd' brings Search, TextArea, Password and OTP along (docs/decisions/web.md).
import Input from 'antd/es/input/Input';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { saveBlob } from '@/shared/files/save-blob';
import { fromHere } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import {
  actionsColumn,
  FilterField,
  type FilterSpec,
  type ListColumns,
  ListFilterBar,
  ListTable,
  NativeSelect,
  useListPage,
} from '@/shared/list';
import { StatusTag } from '@/shared/list/marks';
import { RegionCascader } from '@/shared/org/RegionPicker';
import { readRegionPath } from '@/shared/org/region-path';
import { StorePageEndpoint } from '@/shared/org/store-list';
import { Access } from '@/shared/permissions/Access';
import { storeFigureColumns } from './overview/store-figure-columns';
import { useStoreFigures } from './overview/useStoreFigures';
import { StoreImportDialog } from './StoreImportDialog';

const FILTERS = {
  storeName: 'text',
  storeNo: 'text',
  region: 'list',
  status: 'text',
} as const satisfies FilterSpec;
const SORT_FIELDS = ['storeNo', 'storeName', 'createTime', 'lastUpdateTime'] as const;

/** The table's width: every column has one, so none is squeezed or cut when the table scrolls. */
const widthOf = (columns: ListColumns<Store>) =>
  columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);

export default function StoreOverviewPage() {
  const { t } = useTranslation();
  const { english } = useLang();
  const location = useLocation();
  const list = useListPage({
    endpoint: StorePageEndpoint,
    filters: FILTERS,
    rowKey: 'id',
    sortFields: SORT_FIELDS,
    toQuery: ({ region, ...params }) => ({ ...params, ...readRegionPath(region) }),
  });
  const [importing, setImporting] = useState(false);
  const exportStores = async () => {
    const { pageNum: _page, pageSize: _size, region, ...params } = list.params;
    const filters = { ...params, ...readRegionPath(region) };
    saveBlob(
      await api(StoreEndpoints.exportStores, { query: filters }),
      english ? 'stores.xlsx' : '门店.xlsx',
    );
  };
  const move = useCallMutation(StoreEndpoints.moveStore, {
    input: ({ id, status }: { id: number; status: 0 | 1 }) => ({ query: { id, status } }),
    successMessage: t('stores.saved'),
  });
  const remove = useCallMutation(StoreEndpoints.deleteStore, {
    input: (id: number) => ({ params: { id } }),
    successMessage: t('stores.deleted'),
  });

  // Issue 13: per-store figures (devices, open alerts, yesterday's usage) and the store dashboard link.
  // An operator opens the list to find stores with problems: the store pinned left, its figures next,
  // the descriptive columns after them (they scroll under the pinned store and actions).
  const figures = useStoreFigures(list.tableProps.dataSource.map((s) => s.id));
  const columns = useMemo<ListColumns<Store>>(
    () => [
      {
        key: 'storeNo',
        dataIndex: 'storeNo',
        title: t('stores.column.storeNo'),
        sorter: true,
        sortOrder: list.sortOrder('storeNo'),
        width: 120,
        fixed: 'left',
      },
      {
        key: 'storeName',
        dataIndex: 'storeName',
        title: t('stores.column.storeName'),
        sorter: true,
        sortOrder: list.sortOrder('storeName'),
        width: 150,
        fixed: 'left',
      },
      ...storeFigureColumns<Store>(t, figures),
      { key: 'areaName', dataIndex: 'areaName', title: t('stores.column.areaName'), width: 110 },
      { key: 'provinceName', dataIndex: 'provinceName', title: t('stores.column.provinceName'), width: 100 },
      { key: 'cityName', dataIndex: 'cityName', title: t('stores.column.cityName'), width: 100 },
      { key: 'addr', dataIndex: 'addr', title: t('stores.column.addr'), width: 200, ellipsis: true },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('stores.column.status'),
        width: 90,
        render: (status: number) => (
          <StatusTag color={status === 1 ? 'warning' : 'success'}>
            {t(status === 1 ? 'stores.status.moved' : 'stores.status.normal')}
          </StatusTag>
        ),
      },
      {
        key: 'lastUpdaterName',
        dataIndex: 'lastUpdaterName',
        title: t('stores.column.lastUpdaterName'),
        width: 120,
      },
      {
        key: 'lastUpdateTime',
        dataIndex: 'lastUpdateTime',
        title: t('stores.column.lastUpdateTime'),
        sorter: true,
        sortOrder: list.sortOrder('lastUpdateTime'),
        width: 180,
      },
      actionsColumn<Store>({
        title: t('stores.column.actions'),
        // "Edit", "Mark moved"/"Mark normal" and "Delete" on one line in either language.
        width: english ? 250 : 200,
        actions: (row) => {
          const moved = row.status === 1;
          return [
            {
              key: 'edit',
              label: t('stores.action.edit'),
              codes: [BUTTON.storeUpdate],
              to: `/stores/update.html?id=${row.id}`,
              testId: `store-edit-${row.id}`,
            },
            {
              key: 'move',
              label: t(moved ? 'stores.action.restore' : 'stores.action.move'),
              codes: [BUTTON.storeMove],
              confirm: t(moved ? 'stores.confirm.restore' : 'stores.confirm.move', { name: row.storeName }),
              onClick: () => move.mutateAsync({ id: row.id, status: moved ? 0 : 1 }),
              testId: `store-move-${row.id}`,
            },
            {
              key: 'delete',
              label: t('stores.action.delete'),
              codes: [BUTTON.storeDelete],
              danger: true,
              confirm: t('stores.confirm.delete', { name: row.storeName }),
              onClick: () => remove.mutateAsync(row.id),
              testId: `store-delete-${row.id}`,
            },
          ];
        },
      }),
    ],
    [t, english, list, move, remove, figures],
  );

  return (
    <>
      <ListFilterBar list={list}>
        <FilterField name="storeName" label={t('stores.filter.storeName')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="store-filter-name" />
        </FilterField>
        <FilterField name="storeNo" label={t('stores.filter.storeNo')}>
          <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="store-filter-no" />
        </FilterField>
        <FilterField name="region" label={t('stores.filter.region')}>
          <RegionCascader data-testid="store-filter-region" />
        </FilterField>
        <FilterField name="status" label={t('stores.filter.status')}>
          <NativeSelect
            placeholder={t('common.pleaseSelect')}
            options={[
              { value: '0', label: t('stores.status.normal') },
              { value: '1', label: t('stores.status.moved') },
            ]}
            data-testid="store-filter-status"
          />
        </FilterField>
      </ListFilterBar>
      <Space style={{ marginBottom: 16 }}>
        <Access codes={[BUTTON.storeAdd]}>
          <Link to="/stores/save.html" state={fromHere(location)}>
            <Button type="primary" data-testid="store-add">
              {t('stores.action.add')}
            </Button>
          </Link>
        </Access>
        <Access codes={[BUTTON.storeAdd, BUTTON.storeUpdate]}>
          <Button onClick={() => setImporting(true)} data-testid="store-import">
            {t('stores.action.import')}
          </Button>
        </Access>
        <Button onClick={() => void exportStores()} data-testid="store-export">
          {t('stores.action.export')}
        </Button>
      </Space>
      <StoreImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void list.query.refetch()}
      />
      <ListTable<Store>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: widthOf(columns) }}
        data-testid="store-table"
      />
    </>
  );
}
