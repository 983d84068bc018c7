// antd's Input alone: `Input` from 'antd' carries Search, TextArea, Password and OTP into start-up.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';

import { FilterField, ListFilterBar, type ListPage, NativeSelect } from '../list';
import { RegionFilter } from '../org/RegionPicker';
import { CategoryCascader } from './CategoryCascader';
import { type DEVICE_FILTERS, deviceFilterFormValues, deviceFilterFromForm } from './device-query';
import { usePropertyTypes } from './usePropertyTypes';

type FilterList = Pick<
  ListPage<typeof DEVICE_FILTERS, unknown>,
  'filters' | 'setFilters' | 'resetFilters' | 'spec'
>;

/**
 * The device lists' filter form (spec §2): region and category cascaders plus the text filters.
 * `inStore`: the list is one store's (the dynamic monitor's store page), so the region/store filter,
 * which could only empty it, is left out.
 */
export function DeviceFilterForm({ list, inStore = false }: { list: FilterList; inStore?: boolean }) {
  const { t } = useTranslation();
  const propertyTypes = usePropertyTypes();
  const text = (name: string, testId: string) => (
    <FilterField name={name} label={t(`device.field.${name}`)}>
      <Input allowClear placeholder={t('common.pleaseEnter')} data-testid={testId} />
    </FilterField>
  );
  return (
    <ListFilterBar list={list} toFormValues={deviceFilterFormValues} fromFormValues={deviceFilterFromForm}>
      {inStore ? null : (
        <FilterField name="region" label={t('device.filter.region')}>
          <RegionFilter />
        </FilterField>
      )}
      <FilterField name="category" label={t('device.filter.category')}>
        <CategoryCascader changeOnSelect data-testid="device-filter-category" />
      </FilterField>
      {text('deviceName', 'device-filter-name')}
      {text('deviceSn', 'device-filter-sn')}
      {text('macAddress', 'device-filter-mac')}
      {text('intranetIp', 'device-filter-ip')}
      {text('model', 'device-filter-model')}
      {text('assetNo', 'device-filter-asset-no')}
      <FilterField name="onlineStatus" label={t('device.field.onlineStatus')}>
        <NativeSelect
          placeholder={t('common.pleaseSelect')}
          options={[
            { value: '1', label: t('device.online') },
            { value: '0', label: t('device.offline') },
          ]}
          data-testid="device-filter-online"
        />
      </FilterField>
      <FilterField name="propertyType" label={t('device.field.propertyType')}>
        <NativeSelect
          placeholder={t('common.pleaseSelect')}
          options={propertyTypes.options}
          loading={propertyTypes.loading}
          data-testid="device-filter-property-type"
        />
      </FilterField>
    </ListFilterBar>
  );
}
