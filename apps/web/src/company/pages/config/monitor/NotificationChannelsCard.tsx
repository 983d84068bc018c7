/**
 * The "Notification channels" card of the monitoring settings page: SMTP for email, HTTP providers for
 * SMS and phone calls, the hourly caps, and a test message to an address the user types. Secrets are
 * write-only: the password field stays empty (left empty, the saved one is kept) and header values
 * show as a mask the server reads as "keep".
 */
import {
  BUTTON,
  HTTP_PROVIDER_METHODS,
  NotificationEndpoints,
  type NotificationSettings,
  SendType,
  SMTP_TLS_MODES,
  TEMPLATE_FIELDS,
  type TestNotificationBody,
} from '@storefleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, apiQuery } from '@/shared/api/call';
import { serverFieldErrors } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import { Access } from '@/shared/permissions/Access';

const SETTINGS = apiQuery(NotificationEndpoints.getNotificationSettings);
type Provider = 'sms' | 'phone';

function ProviderFields({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{t(`notifications.section.${provider}`)}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={4}>
          <Form.Item
            name={[provider, 'enabled']}
            label={t('notifications.field.enabled')}
            valuePropName="checked"
          >
            <Switch data-testid={`notify-${provider}-enabled`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          {/* HTTP method names are protocol words, the same in every language: marked as data. */}
          <Form.Item name={[provider, 'method']} label={t('notifications.field.method')}>
            <Select
              options={HTTP_PROVIDER_METHODS.map((m) => ({ value: m, label: <span data-cell>{m}</span> }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name={[provider, 'url']} label={t('notifications.field.url')}>
            <Input data-testid={`notify-${provider}-url`} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('notifications.field.headers')}>
        <Form.List name={[provider, 'secretHeaders']}>
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'name']} noStyle>
                    <Input placeholder={t('notifications.field.headerName')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} noStyle>
                    <Input.Password placeholder={t('notifications.field.headerValue')} />
                  </Form.Item>
                  <Button type="link" onClick={() => remove(field.name)}>
                    ×
                  </Button>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({ name: '', value: '' })}>
                {t('notifications.field.addHeader')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item
        name={[provider, 'bodyTemplate']}
        label={t('notifications.field.bodyTemplate')}
        extra={
          <>
            {t('notifications.help.template')}
            <br />
            {/* Field names are code, the same in either language. */}
            <Typography.Text code data-cell>
              {TEMPLATE_FIELDS.map((f) => `{{${f}}}`).join(' ')}
            </Typography.Text>
          </>
        }
      >
        <Input.TextArea rows={3} />
      </Form.Item>
    </>
  );
}

/** A test message is sent with the saved settings: while the form above has unsaved changes it waits. */
function TestMessage({ unsaved }: { unsaved: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [form] = Form.useForm<TestNotificationBody>();
  const send = useMutation({
    mutationFn: (body: TestNotificationBody) => api(NotificationEndpoints.testNotification, { body }),
  });
  return (
    <>
      <Typography.Title level={5}>{t('notifications.section.test')}</Typography.Title>
      <Form
        form={form}
        layout="inline"
        initialValues={{ channel: SendType.EMAIL, address: '' }}
        onFinish={(body) => send.mutate(body)}
        data-testid="notify-test-form"
      >
        <Form.Item name="channel" label={t('notifications.field.channel')}>
          <Select style={{ width: 120 }} options={SendType.options(lang)} />
        </Form.Item>
        <Form.Item name="address" label={t('notifications.field.address')} rules={[{ required: true }]}>
          <Input style={{ width: 260 }} data-testid="notify-test-address" />
        </Form.Item>
        <Access codes={[BUTTON.configUpdate]}>
          <Button
            htmlType="submit"
            loading={send.isPending}
            disabled={unsaved}
            data-testid="notify-test-send"
          >
            {t('notifications.test.send')}
          </Button>
        </Access>
      </Form>
      {unsaved ? (
        <Typography.Paragraph type="warning" style={{ marginTop: 8 }} data-testid="notify-test-unsaved">
          {t('notifications.test.saveFirst')}
        </Typography.Paragraph>
      ) : null}
      {send.data ? (
        <Alert
          style={{ marginTop: 12 }}
          type={send.data.ok ? 'success' : 'error'}
          message={
            send.data.ok
              ? t('notifications.test.ok')
              : t('notifications.test.failed', { error: send.data.error ?? '' })
          }
          data-testid="notify-test-result"
        />
      ) : null}
    </>
  );
}

export function NotificationChannelsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NotificationSettings>();
  const queryClient = useQueryClient();
  const settings = useQuery(SETTINGS);
  const [formKey, setFormKey] = useState(0);
  const [unsaved, setUnsaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: NotificationSettings) => api(NotificationEndpoints.saveNotificationSettings, { body }),
    onSuccess: (saved) => {
      void message.success(t('notifications.saved'));
      queryClient.setQueryData(SETTINGS.queryKey, saved);
      setFormKey((k) => k + 1);
      setUnsaved(false);
    },
    onError: (error) => {
      // Server fields are paths (`email.host`, `sms.secretHeaders[0].value`); the form's names are arrays.
      const fields = serverFieldErrors(error, (field) => field.replace(/^body\./, '')).map((e) => ({
        name: e.name
          .split(/[.[\]]+/)
          .filter(Boolean)
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        errors: e.errors,
      }));
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
    },
  });
  const onFinish = (values: NotificationSettings) => {
    const { password, passwordSet: _shown, ...email } = values.email;
    // An empty password field keeps the saved one.
    save.mutate({ ...values, email: password ? { ...email, password } : email });
  };
  const passwordSet = settings.data?.email.passwordSet === true;
  return (
    <Card
      title={t('notifications.card.title')}
      loading={settings.isLoading}
      style={{ marginTop: 16 }}
      data-testid="notification-channels"
    >
      <Typography.Paragraph type="secondary">{t('notifications.card.intro')}</Typography.Paragraph>
      {settings.data ? (
        <Form
          key={formKey}
          form={form}
          layout="vertical"
          initialValues={{ ...settings.data, email: { ...settings.data.email, password: '' } }}
          onFinish={onFinish}
          onValuesChange={() => setUnsaved(true)}
          data-testid="notification-form"
        >
          <Typography.Title level={5}>{t('notifications.section.email')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={4}>
              <Form.Item
                name={['email', 'enabled']}
                label={t('notifications.field.enabled')}
                valuePropName="checked"
              >
                <Switch data-testid="notify-email-enabled" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={['email', 'host']} label={t('notifications.field.host')}>
                <Input data-testid="notify-email-host" />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name={['email', 'port']} label={t('notifications.field.port')}>
                <InputNumber
                  min={1}
                  max={65535}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="notify-email-port"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name={['email', 'tls']} label={t('notifications.field.tls')}>
                <Select
                  options={SMTP_TLS_MODES.map((m) => ({ value: m, label: t(`notifications.tls.${m}`) }))}
                  data-testid="notify-email-tls"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={['email', 'user']} label={t('notifications.field.user')}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={['email', 'password']}
                label={t('notifications.field.password')}
                extra={passwordSet ? t('notifications.field.passwordKept') : undefined}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={['email', 'from']} label={t('notifications.field.from')}>
                <Input data-testid="notify-email-from" />
              </Form.Item>
            </Col>
          </Row>
          <ProviderFields provider="sms" />
          <ProviderFields provider="phone" />
          <Typography.Title level={5}>{t('notifications.section.caps')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name={['caps', 'perRecipientPerHour']}
                label={t('notifications.field.perRecipientPerHour')}
                extra={t('notifications.help.caps')}
              >
                <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={['caps', 'perCompanyPerHour']}
                label={t('notifications.field.perCompanyPerHour')}
              >
                <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Access codes={[BUTTON.configUpdate]}>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="notify-save">
              {t('notifications.save')}
            </Button>
          </Access>
        </Form>
      ) : null}
      <div style={{ marginTop: 24 }}>
        <TestMessage unsaved={unsaved} />
      </div>
    </Card>
  );
}
