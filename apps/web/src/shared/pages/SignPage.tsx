import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { AuthEndpoints, type LoginBody } from '@storefleet/contracts';
import { Alert, Button, Form, Input, Space, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { api } from '../api/call';
import { type AppKind, appForUserType, appPath, safeRedirect } from '../app/app-kind';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';
import { ThemeToggle } from '../layout/ThemeToggle';
import { RequestError } from '../request/client';
import { startSession } from '../session/session-store';

/**
 * The sign-in page of both applications. A user who signs into the other application's page (a
 * platform user on the company page, a company user on the admin page) is sent on to the right one.
 */
export function SignPage({ app }: { app: AppKind }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [movingTo, setMovingTo] = useState<AppKind | null>(null);

  useEffect(() => {
    document.title = `${t('sign.title')} · ${t('shell.productName')}`;
  }, [t]);

  const submit = async (values: LoginBody) => {
    setBusy(true);
    setError(null);
    try {
      const result = await api(AuthEndpoints.login, { body: values });
      await startSession(result);
      const home = appForUserType(result.userType);
      if (home !== app) {
        // The other application is a separate bundle: a full page load, with the session already stored.
        setMovingTo(home);
        window.location.assign(appPath(home));
        return;
      }
      await navigate(safeRedirect(search.get('redirect')) ?? '/', { replace: true });
    } catch (caught) {
      // The request client already showed a notice for most failures; a 401 without a token gets none
      // (spec §8), and that is exactly the wrong-password case, so say it here.
      if (caught instanceof RequestError && !caught.notified) setError(caught.message);
      else if (!(caught instanceof RequestError)) setError(t('sign.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgLayout,
      }}
    >
      <Space style={{ justifyContent: 'flex-end', padding: 16 }}>
        <LanguageSwitcher />
        <ThemeToggle />
      </Space>
      <div style={{ flex: 1, display: 'grid', placeItems: 'center', padding: 16 }}>
        {/* Drawn as antd's Card and Typography draw it, without them: Card brings Tabs and Skeleton,
            Typography its editing and copying, into start-up (docs/decisions/web.md "What loads when"). */}
        <div
          style={{
            boxSizing: 'border-box',
            width: '100%',
            maxWidth: 380,
            padding: token.paddingLG,
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            color: token.colorText,
          }}
        >
          <h3
            style={{
              marginTop: 0,
              marginBottom: 4,
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {t('shell.productName')}
          </h3>
          <p style={{ marginTop: 0, marginBottom: '1em', color: token.colorTextDescription }}>
            {t(`sign.subtitle.${app}`)}
          </p>
          {movingTo && (
            <Alert type="info" showIcon title={t(movingTo === 'admin' ? 'sign.toAdmin' : 'sign.toCompany')} />
          )}
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              style={{ marginBottom: 16 }}
              data-testid="sign-error"
            />
          )}
          <Form<LoginBody>
            layout="vertical"
            onFinish={(values) => void submit(values)}
            data-testid="sign-form"
            requiredMark={false}
          >
            <Form.Item
              name="username"
              label={t('sign.username')}
              rules={[{ required: true, whitespace: true, message: t('sign.username.required') }]}
            >
              <Input
                prefix={<UserOutlined />}
                autoComplete="username"
                autoFocus
                data-testid="sign-username"
              />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('sign.password')}
              rules={[{ required: true, message: t('sign.password.required') }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="current-password"
                data-testid="sign-password"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={busy || movingTo !== null}
              data-testid="sign-submit"
            >
              {t('sign.submit')}
            </Button>
          </Form>
        </div>
      </div>
    </div>
  );
}
