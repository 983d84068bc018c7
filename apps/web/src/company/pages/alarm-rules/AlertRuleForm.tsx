/**
 * The alert rule form of the add and edit pages: name and level; alert type → trigger item (from
 * getAlertItems for that type), condition and threshold in the item's unit, hold time and recovery
 * value, with the trigger read back as a sentence; and the devices the rule applies to (product types
 * or all, optional connect type and category, stores and regions or the whole company). Rules are
 * checked here with the contract's schema; a 400 from the server puts its messages on the fields.
 */
import { AlertEndpoints, type AlertRuleBody } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_PRODUCT_TYPES,
  type AlertRuleFormValues,
  parseRuleForm,
  serverFieldErrors,
  triggerName,
  triggerText,
  triggerUnit,
} from '../../../shared/alerts/alert-rule-values';
import { apiQuery } from '../../../shared/api/call';
import { CategoryCascader } from '../../../shared/device/CategoryCascader';
import { useFormRules } from '../../../shared/form';
import { useScopeOptions } from '../../../shared/org/useScopeOptions';
import { levelTreeData } from '../../../shared/pages/user/level-tree-data';
import { useAlertRuleOptions } from './useAlertRuleOptions';

export interface AlertRuleFormProps {
  initialValues: AlertRuleFormValues;
  submitting: boolean;
  /** Saves the checked body; a rejection with a 400 listing fields marks those fields. */
  onSubmit: (body: AlertRuleBody) => Promise<unknown>;
  onCancel: () => void;
}

const COL = { xs: 24, md: 12, xl: 8 } as const;

/** The rules list, where the add and edit pages return. */
export const ALERT_RULE_LIST = '/alarm-rules/index.html';

export function AlertRuleForm({ initialValues, submitting, onSubmit, onCancel }: AlertRuleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AlertRuleFormValues>();
  const options = useAlertRuleOptions();
  const { english } = options;
  const { required } = useFormRules();

  const alertType = Form.useWatch('alertType', form);
  const triggerType = Form.useWatch('triggerType', form);
  const triggerOperator = Form.useWatch('triggerOperator', form);
  const triggerValue = Form.useWatch('triggerValue', form);
  const holdMinutes = Form.useWatch('holdMinutes', form);
  const recoveryValue = Form.useWatch('recoveryValue', form);
  const { levels, stores } = useScopeOptions(true);

  // The trigger as the list will read it, once there is enough to say.
  const sentence =
    typeof triggerType === 'number' && triggerOperator && typeof triggerValue === 'number'
      ? triggerText(
          {
            triggerType,
            triggerOperator,
            triggerValue,
            holdSeconds: Math.round((holdMinutes ?? 0) * 60),
            recoveryValue: recoveryValue ?? null,
          },
          english,
        )
      : null;

  const items = useQuery({
    ...apiQuery(AlertEndpoints.getAlertItems, {
      query: { alertTypeCode: alertType ?? 1 },
    }),
    enabled: alertType !== undefined && alertType !== null,
    staleTime: 10 * 60_000,
  });

  // A product type that does not offer the chosen item (or a new alert type) clears the item.
  useEffect(() => {
    if (!items.data) return;
    const current = form.getFieldValue('triggerType') as number | undefined;
    if (current !== undefined && current !== null && !items.data.some((i) => i.triggerType === current))
      form.setFieldValue('triggerType', undefined);
  }, [items.data, form]);

  const triggerOptions = useMemo(() => {
    const list = (items.data ?? []).map((item) => ({
      value: item.triggerType,
      label: triggerName(item.triggerType, english, item.name),
    }));
    // While the items load, the saved item still shows by name.
    if (!items.data && typeof triggerType === 'number')
      list.push({ value: triggerType, label: triggerName(triggerType, english) });
    return list;
  }, [items.data, triggerType, english]);

  const unit = useMemo(() => {
    const item = items.data?.find((i) => i.triggerType === triggerType);
    return item ? item.unit : triggerUnit(triggerType);
  }, [items.data, triggerType]);

  const connectOptions = useMemo(
    () =>
      options.connectTypes.filter(
        (o) =>
          options.formConnectTypes.some((f) => f.value === o.value) || o.value === initialValues.connectType,
      ),
    [options.connectTypes, options.formConnectTypes, initialValues.connectType],
  );
  const productOptions = useMemo(
    () => [
      { value: ALL_PRODUCT_TYPES, label: t('alarmRules.form.allProductTypes') },
      ...options.productTypes,
    ],
    [options.productTypes, t],
  );

  const submit = async (values: AlertRuleFormValues) => {
    const parsed = parseRuleForm(values, english ? 'en' : 'zh');
    if (!parsed.ok) {
      form.setFields(parsed.errors);
      return;
    }
    try {
      await onSubmit(parsed.body);
    } catch (error) {
      // The request client has already shown the notice; the fields it names get their message too.
      const errors = serverFieldErrors(error);
      if (errors.length > 0) form.setFields(errors);
    }
  };

  return (
    <Form<AlertRuleFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={(changed: AlertRuleFormValues) => {
        // Items belong to one alert type: another type empties the item.
        if ('alertType' in changed) form.setFieldValue('triggerType', undefined);
      }}
      data-testid="alarm-rule-form"
    >
      <Card title={t('alarmRules.form.rule')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...COL}>
            <Form.Item
              name="alertName"
              label={t('alarmRules.field.alertName')}
              rules={[
                { ...required, whitespace: true },
                { max: 64, message: t('alarmRules.validation.nameLength') },
              ]}
            >
              <Input
                allowClear
                maxLength={64}
                placeholder={t('common.pleaseEnter')}
                data-testid="alarm-rule-form-name"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="alertLevel" label={t('alarmRules.field.alertLevel')} rules={[required]}>
              <Select
                options={options.levels.options}
                loading={options.levels.loading}
                placeholder={t('common.pleaseSelect')}
                data-testid="alarm-rule-form-level"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="alertType" label={t('alarmRules.field.alertType')} rules={[required]}>
              <Select
                options={options.alertTypes.options}
                loading={options.alertTypes.loading}
                placeholder={t('common.pleaseSelect')}
                data-testid="alarm-rule-form-alert-type"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="triggerType" label={t('alarmRules.field.triggerType')} rules={[required]}>
              <Select
                options={triggerOptions}
                loading={items.isFetching}
                disabled={alertType === undefined || alertType === null}
                placeholder={
                  alertType === undefined || alertType === null
                    ? t('alarmRules.form.pickAlertType')
                    : t('common.pleaseSelect')
                }
                notFoundContent={items.data ? t('alarmRules.form.noItems') : undefined}
                data-testid="alarm-rule-form-trigger-type"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item
              name="triggerOperator"
              label={t('alarmRules.field.triggerOperator')}
              rules={[required]}
            >
              <Select
                options={options.operators}
                placeholder={t('common.pleaseSelect')}
                data-testid="alarm-rule-form-operator"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item
              name="triggerValue"
              label={t('alarmRules.field.triggerValue')}
              rules={[
                required,
                {
                  validator: (_rule, value: unknown) =>
                    value === undefined ||
                    value === null ||
                    (typeof value === 'number' && Number.isFinite(value))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('alarmRules.validation.number'))),
                },
              ]}
            >
              <InputNumber
                style={{ width: '100%' }}
                suffix={unit || undefined}
                placeholder={t('common.pleaseEnter')}
                data-testid="alarm-rule-form-value"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item
              name="holdMinutes"
              label={t('alarmRules.field.holdMinutes')}
              extra={t('alarmRules.form.holdHelp')}
            >
              <InputNumber
                style={{ width: '100%' }}
                min={0}
                max={1440}
                step={1}
                suffix={t('alarmRules.form.minutes')}
                data-testid="alarm-rule-form-hold"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item
              name="recoveryValue"
              label={t('alarmRules.field.recoveryValue')}
              extra={t('alarmRules.form.recoveryHelp')}
            >
              <InputNumber
                style={{ width: '100%' }}
                suffix={unit || undefined}
                disabled={triggerOperator === 'EQ'}
                placeholder={t('alarmRules.form.recoveryPlaceholder')}
                data-testid="alarm-rule-form-recovery"
              />
            </Form.Item>
          </Col>
        </Row>
        {sentence && (
          <Alert
            type="info"
            showIcon
            message={t('alarmRules.form.reads', { sentence })}
            data-testid="alarm-rule-form-sentence"
          />
        )}
      </Card>
      <Card title={t('alarmRules.form.devices')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...COL}>
            <Form.Item name="productTypes" label={t('alarmRules.field.productTypes')} rules={[required]}>
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                options={productOptions}
                placeholder={t('common.pleaseSelect')}
                onChange={(picked: number[]) => {
                  // "All" and single types exclude each other: the last pick wins.
                  const last = picked[picked.length - 1];
                  if (last === ALL_PRODUCT_TYPES) form.setFieldValue('productTypes', [ALL_PRODUCT_TYPES]);
                  else
                    form.setFieldValue(
                      'productTypes',
                      picked.filter((p) => p !== ALL_PRODUCT_TYPES),
                    );
                }}
                data-testid="alarm-rule-form-product-types"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="connectType" label={t('alarmRules.field.connectType')}>
              <Select
                allowClear
                options={connectOptions}
                placeholder={t('alarmRules.form.any')}
                data-testid="alarm-rule-form-connect-type"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item
              name="category"
              label={t('alarmRules.field.category')}
              extra={t('alarmRules.form.categoryHelp')}
            >
              <CategoryCascader changeOnSelect data-testid="alarm-rule-form-category" />
            </Form.Item>
          </Col>
          <Col {...COL}>
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
          </Col>
          <Col {...COL}>
            <Form.Item name="shopIds" label={t('alarmRules.field.shopIds')}>
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={stores.isFetching}
                options={(stores.data?.list ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.storeNo} ${s.storeName}`,
                }))}
                placeholder={t('alarmRules.form.wholeCompany')}
                data-testid="alarm-rule-form-stores"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="alarm-rule-form-submit">
          {t('alarmRules.form.submit')}
        </Button>
        <Button onClick={onCancel}>{t('alarmRules.form.cancel')}</Button>
      </Space>
    </Form>
  );
}
