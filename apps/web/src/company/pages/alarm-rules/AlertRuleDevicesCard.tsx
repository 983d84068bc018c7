/**
 * The devices part of the alert rule form: product types (or all), an optional connect type and
 * category, and the stores and regions the rule applies to (none: the whole company).
 */
import { Form, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_PRODUCT_TYPES,
  type AlertRuleFormValues,
  pickProductTypes,
} from '@/shared/alerts/alert-rule-values';
import { CategoryCascader } from '@/shared/device/CategoryCascader';
import { FormCard, FormCol, StorePicker, useFormRules } from '@/shared/form';
import { useScopeOptions } from '@/shared/org/useScopeOptions';
import { levelTreeData } from '@/shared/pages/user/level-tree-data';
import type { AlertRuleOptions } from './useAlertRuleOptions';

export function AlertRuleDevicesCard({
  options,
  savedConnectType,
}: {
  options: AlertRuleOptions;
  /** The rule's saved connect type, offered even where the form no longer offers it. */
  savedConnectType: AlertRuleFormValues['connectType'];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<AlertRuleFormValues>();
  const { required } = useFormRules();
  const { levels, stores } = useScopeOptions(true);

  const connectOptions = useMemo(
    () =>
      options.connectTypes.filter(
        (o) => options.formConnectTypes.some((f) => f.value === o.value) || o.value === savedConnectType,
      ),
    [options.connectTypes, options.formConnectTypes, savedConnectType],
  );
  const productOptions = useMemo(
    () => [
      { value: ALL_PRODUCT_TYPES, label: t('alarmRules.form.allProductTypes') },
      ...options.productTypes,
    ],
    [options.productTypes, t],
  );

  return (
    <FormCard title={t('alarmRules.form.devices')}>
      <FormCol>
        <Form.Item name="productTypes" label={t('alarmRules.field.productTypes')} rules={[required]}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={productOptions}
            placeholder={t('common.pleaseSelect')}
            onChange={(picked: number[]) => form.setFieldValue('productTypes', pickProductTypes(picked))}
            data-testid="alarm-rule-form-product-types"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item name="connectType" label={t('alarmRules.field.connectType')}>
          <Select
            allowClear
            options={connectOptions}
            placeholder={t('alarmRules.form.any')}
            data-testid="alarm-rule-form-connect-type"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item
          name="category"
          label={t('alarmRules.field.category')}
          extra={t('alarmRules.form.categoryHelp')}
        >
          <CategoryCascader changeOnSelect data-testid="alarm-rule-form-category" />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item
          name="areaIds"
          label={t('alarmRules.field.areaIds')}
          extra={t('alarmRules.form.scopeHelp')}
        >
          <TreeSelect
            multiple
            allowClear
            treeDefaultExpandAll
            treeData={levelTreeData(levels.data ?? [], options.lang)}
            loading={levels.isFetching}
            placeholder={t('alarmRules.form.wholeCompany')}
            data-testid="alarm-rule-form-areas"
          />
        </Form.Item>
      </FormCol>
      <FormCol>
        <Form.Item name="shopIds" label={t('alarmRules.field.shopIds')}>
          <StorePicker
            loading={stores.isFetching}
            options={(stores.data?.list ?? []).map((s) => ({
              value: s.id,
              label: `${s.storeNo} ${s.storeName}`,
            }))}
            placeholder={t('alarmRules.form.wholeCompany')}
            data-testid="alarm-rule-form-stores"
          />
        </Form.Item>
      </FormCol>
    </FormCard>
  );
}
