/**
 * The alert rule form of the add and edit pages: name and level; alert type → trigger item (from
 * getAlertItems for that type and product type), condition and threshold in the item's unit; and the
 * devices the rule applies to (connect type, product type, category with an optional class). Rules are
 * checked here with the contract's schema; a 400 from the server puts its messages on the fields.
 */
import { AlertEndpoints, type AlertRuleBody } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../../../shared/api/call';
import { useFormRules } from '../../../shared/form';
import { CategoryCascader } from '../device/CategoryCascader';
import {
  type AlertRuleFormValues,
  parseRuleForm,
  serverFieldErrors,
  triggerName,
  triggerUnit,
} from './alert-rule-values';
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
  const productType = Form.useWatch('productType', form);
  const triggerType = Form.useWatch('triggerType', form);

  const items = useQuery({
    ...apiQuery(AlertEndpoints.getAlertItems, {
      query: { alertTypeCode: alertType, productId: productType },
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
        </Row>
      </Card>
      <Card title={t('alarmRules.form.devices')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...COL}>
            <Form.Item name="connectType" label={t('alarmRules.field.connectType')} rules={[required]}>
              <Select
                options={connectOptions}
                placeholder={t('common.pleaseSelect')}
                data-testid="alarm-rule-form-connect-type"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item name="productType" label={t('alarmRules.field.productType')} rules={[required]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={options.productTypes}
                placeholder={t('common.pleaseSelect')}
                data-testid="alarm-rule-form-product-type"
              />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item
              name="category"
              label={t('alarmRules.field.category')}
              extra={t('alarmRules.form.categoryHelp')}
              rules={[{ ...required, type: 'array', min: 1 }]}
            >
              <CategoryCascader changeOnSelect data-testid="alarm-rule-form-category" />
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
