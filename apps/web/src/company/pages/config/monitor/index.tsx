/** Monitoring settings: the company's config items, checked here with the same rules as the server. */
import {
  BUTTON,
  CONFIG_ITEM_CODES,
  CONFIG_ITEM_DEFINITIONS,
  ConfigEndpoints,
  type ConfigIssue,
  type ConfigItemCode,
  type ConfigItemUpdateBody,
  configProblems,
  configValueIssue,
} from '@storefleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, InputNumber, Row, Space, Switch, TimePicker, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { api, apiQuery } from '@/shared/api/call';
import { Access } from '@/shared/permissions/Access';
import {
  type ConfigFormValues,
  fieldText,
  fromConfigFormValues,
  TIME_FORMAT,
  toConfigFormValues,
} from './config-form-values';
import { NotificationChannelsCard } from './NotificationChannelsCard';

const SECTIONS: ReadonlyArray<{ key: string; codes: readonly ConfigItemCode[] }> = [
  { key: 'monitoring', codes: ['probe_interval_seconds', 'offline_threshold_seconds'] },
  { key: 'retention', codes: ['history_retention_days', 'hourly_retention_days', 'syslog_retention_days'] },
  { key: 'hours', codes: ['store_open_time', 'store_close_time'] },
  {
    key: 'alerts',
    codes: ['alert_mute_start', 'alert_mute_end', 'alert_repeat_minutes', 'alert_outside_hours'],
  },
];
const WITH_HELP = new Set<string>([
  'offline_threshold_seconds',
  'store_close_time',
  'alert_mute_start',
  'alert_repeat_minutes',
]);
const ITEMS = apiQuery(ConfigEndpoints.list);

/** Props Form.Item injects into its child, passed on to the real control. */
interface InjectedProps {
  id?: string;
  value?: never;
  checked?: never;
  onChange?: never;
}

/** The control of one code; forwards the props Form.Item injects (value, onChange, id). */
function ConfigControl({ code, ...injected }: { code: ConfigItemCode } & InjectedProps) {
  const rule = CONFIG_ITEM_DEFINITIONS[code].rule;
  switch (rule.kind) {
    case 'integer':
      return <InputNumber {...injected} precision={0} style={{ width: '100%' }} />;
    case 'time':
      return (
        <TimePicker {...injected} format={TIME_FORMAT} allowClear={rule.optional} style={{ width: '100%' }} />
      );
    case 'flag':
      return <Switch {...injected} />;
  }
}

export default function MonitorSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConfigFormValues>();
  const queryClient = useQueryClient();
  const items = useQuery(ITEMS);
  const initial = useMemo(() => (items.data ? toConfigFormValues(items.data) : undefined), [items.data]);

  const issueText = (issue: ConfigIssue) => t(`config.rule.${issue.rule}`, issue.params);
  const rulesFor = (code: ConfigItemCode): Rule[] => [
    {
      validator: async (_, value) => {
        const issue = configValueIssue(code, fieldText(value));
        if (issue) throw new Error(issueText(issue));
      },
    },
  ];

  const save = useMutation({
    mutationFn: (body: ConfigItemUpdateBody) => api(ConfigEndpoints.update, { body }),
    onSuccess: async (saved) => {
      void message.success(t('config.saved'));
      queryClient.setQueryData(ITEMS.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ITEMS.queryKey });
    },
  });

  const onFinish = (values: ConfigFormValues) => {
    const all = fromConfigFormValues(values);
    const problems = configProblems(all);
    if (problems.length) {
      form.setFields(problems.map((p) => ({ name: p.code, errors: [issueText(p.issue)] })));
      return;
    }
    save.mutate({ configItems: CONFIG_ITEM_CODES.map((code) => ({ code, value: all[code] })) });
  };

  const lastChange = (items.data ?? [])
    .filter((i) => i.updateDatetime)
    .sort((a, b) => (b.updateDatetime ?? '').localeCompare(a.updateDatetime ?? ''))[0];

  return (
    <>
      <Card title={t('config.title')} loading={items.isLoading} data-testid="config-monitor">
        <Typography.Paragraph type="secondary">{t('config.intro')}</Typography.Paragraph>
        {initial ? (
          <Form
            form={form}
            layout="vertical"
            initialValues={initial}
            onFinish={onFinish}
            data-testid="config-form"
          >
            {SECTIONS.map((section) => (
              <div key={section.key}>
                <Typography.Title level={5}>{t(`config.section.${section.key}`)}</Typography.Title>
                <Row gutter={16}>
                  {section.codes.map((code) => (
                    <Col key={code} xs={24} md={12} xl={6}>
                      <Form.Item
                        name={code}
                        label={t(`config.item.${code}`)}
                        rules={rulesFor(code)}
                        valuePropName={
                          CONFIG_ITEM_DEFINITIONS[code].rule.kind === 'flag' ? 'checked' : 'value'
                        }
                        extra={WITH_HELP.has(code) ? t(`config.help.${code}`) : undefined}
                        data-testid={`config-item:${code}`}
                      >
                        <ConfigControl code={code} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </div>
            ))}
            <Space>
              <Access codes={[BUTTON.configUpdate]}>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="config-save">
                  {t('config.save')}
                </Button>
              </Access>
              <Button onClick={() => initial && form.setFieldsValue(initial)}>{t('config.reset')}</Button>
              {lastChange ? (
                <Typography.Text type="secondary">
                  {t('config.lastUpdated', {
                    name: lastChange.updateBy ?? '',
                    time: lastChange.updateDatetime ?? '',
                  })}
                </Typography.Text>
              ) : null}
            </Space>
          </Form>
        ) : null}
      </Card>
      <NotificationChannelsCard />
    </>
  );
}
