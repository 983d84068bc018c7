import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryCascader } from '@/shared/device/CategoryCascader';
import { usePropertyTypes } from '@/shared/device/usePropertyTypes';
import { ListFilterForm, type ListPage, WideFilter } from '@/shared/list';
import { RegionFilter } from '@/shared/org/RegionPicker';
import { DayRangePicker } from './DayRangePicker';
import { type USAGE_FILTERS, usageFilterFormValues, usageFilterFromForm } from './usage-query';

type FilterList = Pick<
  ListPage<typeof USAGE_FILTERS, unknown>,
  'filters' | 'setFilters' | 'resetFilters' | 'spec'
>;

/** The usage list's filters: the date range, then the device lists' filters (region, category, text). */
export function UsageFilterForm({ list }: { list: FilterList }) {
  const { t } = useTranslation();
  const propertyTypes = usePropertyTypes();
  const text = (name: string, testId: string) => (
    <Form.Item name={name} label={t(`device.field.${name}`)}>
      <Input allowClear placeholder={t('common.pleaseEnter')} data-testid={testId} />
    </Form.Item>
  );
  return (
    <ListFilterForm list={list} toFormValues={usageFilterFormValues} fromFormValues={usageFilterFromForm}>
      <WideFilter>
        <Form.Item name="range" label={t('usage.list.range')}>
          {/* Never empty: with no dates in the URL it shows the server's default week (usage-query.ts). */}
          <DayRangePicker allowClear={false} data-testid="usage-filter-range" />
        </Form.Item>
      </WideFilter>
      <Form.Item name="region" label={t('device.filter.region')}>
        <RegionFilter />
      </Form.Item>
      <Form.Item name="category" label={t('device.filter.category')}>
        <CategoryCascader changeOnSelect data-testid="usage-filter-category" />
      </Form.Item>
      {text('deviceName', 'usage-filter-name')}
      {text('deviceSn', 'usage-filter-sn')}
      {text('assetNo', 'usage-filter-asset-no')}
      {text('macAddress', 'usage-filter-mac')}
      {text('intranetIp', 'usage-filter-ip')}
      {text('model', 'usage-filter-model')}
      <Form.Item name="onlineStatus" label={t('device.field.onlineStatus')}>
        <Select
          allowClear
          placeholder={t('common.pleaseSelect')}
          options={[
            { value: '1', label: t('device.online') },
            { value: '0', label: t('device.offline') },
          ]}
        />
      </Form.Item>
      <Form.Item name="propertyType" label={t('device.field.propertyType')}>
        <Select
          allowClear
          placeholder={t('common.pleaseSelect')}
          options={propertyTypes.options}
          loading={propertyTypes.loading}
        />
      </Form.Item>
    </ListFilterForm>
  );
}
