import type { MfaEnrolment } from '@storefleet/contracts';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A started enrolment: the QR code (an SVG data: URL made by the server) and the key as text for
 * typing in, then the first code from the app that confirms it.
 */
export function EnrolmentPanel({
  enrolment,
  onConfirm,
  error,
}: {
  enrolment: MfaEnrolment;
  onConfirm: (code: string) => Promise<void>;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('mfa.enrol.scan')}</Typography.Paragraph>
      <img
        src={enrolment.qrCode}
        alt={enrolment.otpauthUri}
        width={200}
        height={200}
        style={{ alignSelf: 'center', background: '#fff' }}
        data-testid="mfa-qr"
      />
      <Typography.Text>
        {t('mfa.enrol.secret')}:{' '}
        <Typography.Text code copyable data-testid="mfa-secret">
          {enrolment.secret}
        </Typography.Text>
      </Typography.Text>
      <CodeForm
        label={t('mfa.enrol.confirm')}
        submit={t('mfa.enrol.submit')}
        error={error}
        onSubmit={onConfirm}
      />
    </Space>
  );
}

/**
 * One code field with its button: a 6-digit app code (or a recovery code). The button spins while
 * `onSubmit` runs, so every caller only says what a code does.
 */
export function CodeForm({
  label,
  submit,
  error,
  onSubmit,
}: {
  label: string;
  submit: string;
  error?: string | null | undefined;
  onSubmit: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Form<{ code: string }>
      layout="vertical"
      onFinish={(values) => {
        setBusy(true);
        void onSubmit(values.code.trim()).finally(() => setBusy(false));
      }}
      data-testid="mfa-code-form"
    >
      <Form.Item
        name="code"
        label={label}
        rules={[{ required: true, whitespace: true, message: t('mfa.code.required') }]}
        {...(error ? { validateStatus: 'error' as const, help: error } : {})}
      >
        <Input autoComplete="one-time-code" autoFocus maxLength={40} data-testid="mfa-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} block data-testid="mfa-code-submit">
        {submit}
      </Button>
    </Form>
  );
}
