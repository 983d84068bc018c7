import { InventoryFlag, ManageFlag, NetworkFlag, PropertyStatus } from '@storefleet/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryCascader } from '@/shared/device/CategoryCascader';
import { deviceFilterFormValues, deviceFilterFromForm } from '@/shared/device/device-query';
import { usePropertyTypes } from '@/shared/device/usePropertyTypes';
import { useLang } from '@/shared/i18n/useLang';
import { ListFilterForm, type ListPage } from '@/shared/list';
import { RegionFilter } from '@/shared/org/RegionPicker';
import type { INVENTORY_FILTERS } from './inventory-query';

type FilterList = Pick<
  ListPage<typeof INVENTORY_FILTERS, unknown>,
  'filters' | 'setFilters' | 'resetFilters' | 'spec'
>;

/** Enum options with their values as URL text (filters live in the query string). */
function textOptions(options: { value: number; label: string }[]) {
  return options.map((o) => ({ value: String(o.value), label: o.label }));
}

/**
 * The inventory lists' filter form (spec §7 listInventoryDevices): region/store and category cascaders,
 * asset number, name, model, property type and status, and the inventoried / managed / network flags
 * (the network flag not on the non-network page, which is one side of it).
 */
export function InventoryFilterForm({ list, nonNetworkPage }: { list: FilterList; nonNetworkPage: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const propertyTypes = usePropertyTypes();
  const text = (name: string, testId: string) => (
    <Form.Item name={name} label={t(`inventory.field.${name}`)}>
      <Input allowClear placeholder={t('common.pleaseEnter')} data-testid={testId} />
    </Form.Item>
  );
  const select = (
    name: string,
    options: { value: string; label: string }[],
    testId: string,
    loading = false,
  ) => (
    <Form.Item name={name} label={t(`inventory.field.${name}`)}>
      <Select
        allowClear
        placeholder={t('common.pleaseSelect')}
        options={options}
        loading={loading}
        data-testid={testId}
      />
    </Form.Item>
  );
  return (
    <ListFilterForm list={list} toFormValues={deviceFilterFormValues} fromFormValues={deviceFilterFromForm}>
      <Form.Item name="region" label={t('inventory.filter.region')}>
        <RegionFilter />
      </Form.Item>
      <Form.Item name="category" label={t('inventory.field.category')}>
        <CategoryCascader changeOnSelect data-testid="inventory-filter-category" />
      </Form.Item>
      {text('assetNo', 'inventory-filter-asset-no')}
      {text('deviceName', 'inventory-filter-name')}
      {text('model', 'inventory-filter-model')}
      {select('propertyType', propertyTypes.options, 'inventory-filter-property-type', propertyTypes.loading)}
      {select('status', textOptions(PropertyStatus.options(lang)), 'inventory-filter-status')}
      {select('isInventory', textOptions(InventoryFlag.options(lang)), 'inventory-filter-inventoried')}
      {select('isManage', textOptions(ManageFlag.options(lang)), 'inventory-filter-managed')}
      {nonNetworkPage
        ? null
        : select('isNetworkDevice', textOptions(NetworkFlag.options(lang)), 'inventory-filter-network')}
    </ListFilterForm>
  );
}
