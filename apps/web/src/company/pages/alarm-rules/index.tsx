/**
 * /alarm-rules/index.html: the company's alert rules. Filters (name, level, alert type, connect type,
 * product type, trigger item) and paging live in the query string; the status switch, edit and delete
 * sit behind their button codes.
 */
import {
  AlertEndpoints,
  type AlertRule,
  AlertType,
  BUTTON,
  ConnectType,
  DictionaryEndpoints,
  ProductType,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Form, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLevelTag } from '@/shared/alerts/AlertLevelTag';
import { categoryText, triggerText } from '@/shared/alerts/alert-rule-values';
import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import {
  actionsColumn,
  type FilterSpec,
  type ListColumns,
  ListFilterForm,
  ListTable,
  useListPage,
} from '@/shared/list';
import { ListAddButton } from '@/shared/list/ListAddButton';
import { TextFilter } from '@/shared/list/TextFilter';
import { AlertRuleStatusSwitch } from './AlertRuleStatusSwitch';
import { type Option, useAlertRuleOptions } from './useAlertRuleOptions';

const FILTERS = {
  alertName: 'text',
  alertLevel: 'text',
  alertType: 'text',
  connectType: 'text',
  productType: 'text',
  triggerType: 'text',
} as const satisfies FilterSpec;

/** Filter values live in the URL as text, so the selects hold text too. */
const asText = (options: readonly Option<number | string>[]) =>
  options.map((o) => ({ value: String(o.value), label: o.label }));

export default function AlarmRulesPage() {
  const { t } = useTranslation();
  const options = useAlertRuleOptions();
  const { english, lang } = options;
  const list = useListPage({
    endpoint: AlertEndpoints.listAlertRules,
    filters: FILTERS,
    rowKey: 'id',
  });
  const tree = useQuery({ ...apiQuery(DictionaryEndpoints.categoryTypeTree), staleTime: 10 * 60_000 });
  const remove = useCallMutation(AlertEndpoints.deleteAlertRule, {
    input: (id: number) => ({ params: { id } }),
    successMessage: t('alarmRules.message.deleted'),
  });

  const columns = useMemo<ListColumns<AlertRule>>(
    () => [
      {
        key: 'alertName',
        dataIndex: 'alertName',
        title: t('alarmRules.field.alertName'),
        width: 180,
        render: (name: string, row) => (
          <Typography.Text data-testid={`alarm-rule-name-${row.id}`}>{name}</Typography.Text>
        ),
      },
      {
        key: 'alertLevel',
        dataIndex: 'alertLevel',
        title: t('alarmRules.field.alertLevel'),
        width: 120,
        render: (level: number, row) => <AlertLevelTag level={level} fallback={row.alertLevelName} />,
      },
      {
        key: 'alertType',
        dataIndex: 'alertType',
        title: t('alarmRules.field.alertType'),
        width: 130,
        render: (value: number, row) =>
          AlertType.has(value) ? AlertType.labelOf(value, lang) : row.alertTypeName,
      },
      {
        key: 'connectType',
        dataIndex: 'connectType',
        title: t('alarmRules.field.connectType'),
        width: 110,
        render: (value: number | null, row) =>
          value === null
            ? t('alarmRules.form.any')
            : ConnectType.has(value)
              ? ConnectType.labelOf(value, lang)
              : row.connectTypeName,
      },
      {
        key: 'productType',
        dataIndex: 'productTypes',
        title: t('alarmRules.field.productTypes'),
        width: 160,
        render: (value: number[]) =>
          value.length === 0
            ? t('alarmRules.form.allProductTypes')
            : value
                .map((p) => (ProductType.has(p) ? ProductType.labelOf(p, lang) : String(p)))
                .join(english ? ', ' : '、'),
      },
      {
        key: 'scope',
        title: t('alarmRules.field.scope'),
        width: 140,
        render: (_: unknown, row) =>
          row.shopIds.length === 0 && row.areaIds.length === 0
            ? t('alarmRules.list.wholeCompany')
            : t('alarmRules.list.scoped', { stores: row.shopIds.length, regions: row.areaIds.length }),
      },
      {
        key: 'trigger',
        title: t('alarmRules.field.trigger'),
        width: 280,
        render: (_: unknown, row) => (
          <span data-testid={`alarm-rule-trigger-${row.id}`}>{triggerText(row, english)}</span>
        ),
      },
      {
        key: 'category',
        title: t('alarmRules.field.category'),
        width: 180,
        render: (_: unknown, row) =>
          categoryText(tree.data ?? [], row.deviceCategory, row.deviceClass, english),
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('alarmRules.field.status'),
        width: 90,
        // Kept in view with the actions on narrow screens: it is what people come here to flip.
        fixed: 'right',
        render: (_: unknown, row) => <AlertRuleStatusSwitch rule={row} />,
      },
      actionsColumn<AlertRule>({
        title: t('alarmRules.field.actions'),
        width: 140,
        actions: (row) => [
          {
            key: 'edit',
            label: t('alarmRules.action.edit'),
            codes: [BUTTON.alarmRuleUpdate],
            to: `/alarm-rules/update.html?id=${row.id}`,
            testId: `alarm-rule-edit-${row.id}`,
          },
          {
            key: 'delete',
            label: t('alarmRules.action.delete'),
            codes: [BUTTON.alarmRuleDelete],
            danger: true,
            confirm: t('alarmRules.confirm.delete'),
            onClick: () => remove.mutateAsync(row.id),
            testId: `alarm-rule-delete-${row.id}`,
          },
        ],
      }),
    ],
    [t, lang, english, tree.data, remove],
  );

  const select = (name: keyof typeof FILTERS, items: readonly Option<number | string>[], loading = false) => (
    <Form.Item name={name} label={t(`alarmRules.field.${name}`)}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        options={asText(items)}
        loading={loading}
        placeholder={t('common.pleaseSelect')}
        data-testid={`alarm-rule-filter-${name}`}
      />
    </Form.Item>
  );

  return (
    <div data-testid="alarm-rules">
      <ListFilterForm list={list}>
        <TextFilter
          name="alertName"
          label={t('alarmRules.field.alertName')}
          testId="alarm-rule-filter-alertName"
        />
        {select('alertLevel', options.levels.options, options.levels.loading)}
        {select('alertType', options.alertTypes.options, options.alertTypes.loading)}
        {select('connectType', options.connectTypes)}
        {select('productType', options.productTypes)}
        {select('triggerType', options.triggerTypes)}
      </ListFilterForm>
      <ListAddButton
        code={BUTTON.alarmRuleAdd}
        to="/alarm-rules/save.html"
        label={t('alarmRules.action.add')}
        testId="alarm-rule-add"
      />
      <ListTable<AlertRule>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 1300 }}
        locale={{ emptyText: <Empty description={t('alarmRules.empty')} /> }}
        data-testid="alarm-rule-table"
      />
    </div>
  );
}
