import { CloseCircleFilled, InfoCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons';
import {
  AuthEndpoints,
  type LoginBody,
  type LoginResult,
  type MfaChallenge,
  needsSecondStep,
} from '@storefleet/contracts';
import { Button, Space, theme } from 'antd';
// antd's Input alone: `Input` from 'antd' carries Search, TextArea, Password and OTP into start-up.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { api } from '../api/call';
import { type AppKind, appForUserType, appPath, safeRedirect } from '../app/app-kind';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';
import { ThemeToggle } from '../layout/ThemeToggle';
import { RequestError } from '../request/client';
import { startSession } from '../session/session-store';

type SignFieldName = 'username' | 'password';

/** The second step (two-step sign-in), loaded only for the accounts that need it. */
const SignSecondStep = lazy(() =>
  import('../mfa/SignSecondStep').then((m) => ({ default: m.SignSecondStep })),
);

/** The message for each empty field (the username ignores surrounding spaces); empty when all is set. */
export function signErrors(
  values: LoginBody,
  messages: Record<SignFieldName, string>,
): Partial<Record<SignFieldName, string>> {
  const errors: Partial<Record<SignFieldName, string>> = {};
  if (!values.username.trim()) errors.username = messages.username;
  if (!values.password) errors.password = messages.password;
  return errors;
}

/**
 * The sign-in page of both applications. A user who signs into the other application's page (a
 * platform user on the company page, a company user on the admin page) is sent on to the right one.
 *
 * Drawn without antd's Form (its store and validator) and Alert, which would otherwise be part of every
 * page's start-up (docs/decisions/web.md "What loads when"): a native form with antd's vertical-form
 * look, the two required-field checks by hand (on submit, then as the user types, as antd's Form does),
 * messages tied to their inputs (`aria-invalid`, `aria-describedby`), notices in `role="alert"`/`status`.
 */
export function SignPage({ app }: { app: AppKind }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [movingTo, setMovingTo] = useState<AppKind | null>(null);
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  // Fields are checked once the form was submitted, then on every change (antd Form's rhythm).
  const [checked, setChecked] = useState(false);
  const ids = useId();
  const inputs = useRef<Partial<Record<SignFieldName, HTMLInputElement | null>>>({});
  const messages = { username: t('sign.username.required'), password: t('sign.password.required') };
  const errors = checked ? signErrors(values, messages) : {};

  useEffect(() => {
    document.title = `${t('sign.title')} · ${t('shell.productName')}`;
  }, [t]);

  const signedIn = async (result: LoginResult) => {
    await startSession(result);
    const home = appForUserType(result.userType);
    if (home !== app) {
      // The other application is a separate bundle: a full page load, with the session already stored.
      setMovingTo(home);
      window.location.assign(appPath(home));
      return;
    }
    await navigate(safeRedirect(search.get('redirect')) ?? '/', { replace: true });
  };

  const submit = async (values: LoginBody) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await api(AuthEndpoints.login, { body: values });
      if (needsSecondStep(reply)) setChallenge(reply);
      else await signedIn(reply);
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
            <SignNotice type="info">{t(movingTo === 'admin' ? 'sign.toAdmin' : 'sign.toCompany')}</SignNotice>
          )}
          {error && (
            <SignNotice type="error" data-testid="sign-error">
              {error}
            </SignNotice>
          )}
          {challenge ? (
            <Suspense fallback={null}>
              <SignSecondStep
                challenge={challenge}
                onSignedIn={signedIn}
                onRestart={() => {
                  setChallenge(null);
                  setValues((v) => ({ ...v, password: '' }));
                }}
              />
            </Suspense>
          ) : (
            <form
              noValidate
              data-testid="sign-form"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                setChecked(true);
                const found = signErrors(values, messages);
                const first = (['username', 'password'] as const).find((f) => found[f]);
                if (first) inputs.current[first]?.focus();
                else void submit(values);
              }}
            >
              <SignField id={`${ids}-username`} label={t('sign.username')} error={errors.username}>
                <Input
                  id={`${ids}-username`}
                  ref={(el) => {
                    inputs.current.username = el?.input ?? null;
                  }}
                  value={values.username}
                  onChange={(event) => setValues((v) => ({ ...v, username: event.target.value }))}
                  status={errors.username ? 'error' : undefined}
                  aria-invalid={errors.username ? true : undefined}
                  aria-describedby={errors.username ? `${ids}-username-error` : undefined}
                  prefix={<UserOutlined />}
                  autoComplete="username"
                  autoFocus
                  data-testid="sign-username"
                />
              </SignField>
              <SignField id={`${ids}-password`} label={t('sign.password')} error={errors.password}>
                <Password
                  id={`${ids}-password`}
                  ref={(el) => {
                    inputs.current.password = el?.input ?? null;
                  }}
                  value={values.password}
                  onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
                  status={errors.password ? 'error' : undefined}
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? `${ids}-password-error` : undefined}
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  data-testid="sign-password"
                />
              </SignField>
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={busy || movingTo !== null}
                data-testid="sign-submit"
              >
                {t('sign.submit')}
              </Button>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}

/** One field of the sign-in form, laid out as antd's vertical form item: label, control, message. */
function SignField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label
        htmlFor={id}
        style={{
          display: 'block',
          paddingBottom: token.paddingXS,
          color: token.colorTextHeading,
          lineHeight: token.lineHeight,
        }}
      >
        {label}
      </label>
      {children}
      {error ? (
        <div
          id={`${id}-error`}
          role="alert"
          style={{ color: token.colorError, lineHeight: token.lineHeight, minHeight: 24 }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A notice above the form, drawn as antd's Alert with its icon (`error`: role alert; `info`: status). */
function SignNotice({
  type,
  children,
  'data-testid': testId,
}: {
  type: 'error' | 'info';
  children: ReactNode;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  const [fg, bg, border] =
    type === 'error'
      ? [token.colorError, token.colorErrorBg, token.colorErrorBorder]
      : [token.colorInfo, token.colorInfoBg, token.colorInfoBorder];
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        marginBottom: token.margin,
        padding: `${token.paddingXS}px ${token.paddingContentHorizontalLG - token.paddingXS}px`,
        background: bg,
        border: `${token.lineWidth}px ${token.lineType} ${border}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        lineHeight: token.lineHeight,
      }}
    >
      <span style={{ color: fg, display: 'inline-flex' }} aria-hidden="true">
        {type === 'error' ? <CloseCircleFilled /> : <InfoCircleFilled />}
      </span>
      <span>{children}</span>
    </div>
  );
}
