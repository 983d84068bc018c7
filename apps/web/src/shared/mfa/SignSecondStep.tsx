import {
  type LoginResult,
  type MfaChallenge,
  MfaEndpoints,
  type MfaEnrolledSignIn,
  type MfaEnrolment,
} from '@storefleet/contracts';
import { Button, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../api/call';
import { RequestError } from '../request/client';
import { CodeForm, EnrolmentPanel } from './EnrolmentPanel';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * The sign-in page after a right password, when the server asks for a second step: a code from the
 * app (or a recovery code), or — the policy requires it and the user has none — enrolment first, with
 * the recovery codes shown once before the session starts. Loaded only when needed.
 */
export function SignSecondStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: MfaChallenge;
  onSignedIn: (result: LoginResult) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [enrolled, setEnrolled] = useState<MfaEnrolledSignIn | null>(null);
  const { challengeToken } = challenge;

  // A failed call: say why here (a 401 without a session gets no notice from the request client).
  const explain = (caught: unknown) => {
    if (caught instanceof RequestError) setError(caught.message);
    else setError(t('sign.failed'));
  };

  useEffect(() => {
    if (challenge.mfaRequired !== 'enrol') return;
    api(MfaEndpoints.startSignInEnrolment, { body: { challengeToken } }).then(setEnrolment, (caught) =>
      setError(caught instanceof RequestError ? caught.message : t('sign.failed')),
    );
  }, [challenge.mfaRequired, challengeToken, t]);

  const back = (
    <Button type="link" onClick={onRestart} style={{ padding: 0 }} data-testid="mfa-back">
      {t('mfa.back')}
    </Button>
  );

  if (enrolled)
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <RecoveryCodes codes={enrolled.recoveryCodes} />
        <Button
          type="primary"
          block
          onClick={() => void onSignedIn(enrolled.session)}
          data-testid="mfa-continue"
        >
          {t('mfa.recovery.continue')}
        </Button>
      </Space>
    );

  if (challenge.mfaRequired === 'enrol')
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('mfa.enrol.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('mfa.enrol.required')}</Typography.Text>
        {enrolment ? (
          <EnrolmentPanel
            enrolment={enrolment}
            error={error}
            onConfirm={async (code) => {
              setError(null);
              try {
                setEnrolled(
                  await api(MfaEndpoints.confirmSignInEnrolment, {
                    body: { challengeToken, passcode: code },
                  }),
                );
              } catch (caught) {
                explain(caught);
              }
            }}
          />
        ) : error ? (
          <Typography.Text type="danger">{error}</Typography.Text>
        ) : (
          <Spin />
        )}
        {back}
      </Space>
    );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('mfa.code.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('mfa.code.hint')}</Typography.Text>
      <CodeForm
        label={t('mfa.code.label')}
        submit={t('mfa.code.submit')}
        error={error}
        onSubmit={async (code) => {
          setError(null);
          try {
            await onSignedIn(await api(MfaEndpoints.verifyMfa, { body: { challengeToken, passcode: code } }));
          } catch (caught) {
            explain(caught);
          }
        }}
      />
      {back}
    </Space>
  );
}
