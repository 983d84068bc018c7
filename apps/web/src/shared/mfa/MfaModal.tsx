import { MfaEndpoints, type MfaEnrolment } from '@storefleet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiQuery, moduleKey } from '../api/call';
import { useAppApi } from '../app/app-api';
import { RequestError } from '../request/client';
import { CodeForm, EnrolmentPanel } from './EnrolmentPanel';
import { RecoveryCodes } from './RecoveryCodes';

type Step =
  | { kind: 'status' }
  | { kind: 'enrol'; enrolment: MfaEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'off' };

/**
 * The user menu's "two-step sign-in": its state; turning it on (QR code, first code, recovery codes
 * shown once); turning it off with a current code, unless the policy requires it.
 */
export function MfaModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useAppApi();
  const queryClient = useQueryClient();
  const status = useQuery(apiQuery(MfaEndpoints.mfaStatus));
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: moduleKey(MfaEndpoints.mfaStatus) });
  const fieldError = (caught: unknown) => {
    const fields =
      caught instanceof RequestError
        ? (caught.data as { fields?: { message: string }[] } | null)?.fields
        : undefined;
    setError(fields?.[0]?.message ?? (caught instanceof RequestError ? caught.message : null));
  };

  const body = () => {
    switch (step.kind) {
      case 'enrol':
        return (
          <EnrolmentPanel
            enrolment={step.enrolment}
            error={error}
            onConfirm={async (code) => {
              setError(null);
              try {
                const { recoveryCodes } = await api(MfaEndpoints.confirmMfa, { body: { passcode: code } });
                setStep({ kind: 'codes', codes: recoveryCodes });
                void message.success(t('mfa.turnedOn'));
                await refresh();
              } catch (caught) {
                fieldError(caught);
              }
            }}
          />
        );
      case 'codes':
        return <RecoveryCodes codes={step.codes} />;
      case 'off':
        return (
          <CodeForm
            label={t('mfa.turnOff.hint')}
            submit={t('mfa.turnOff')}
            error={error}
            onSubmit={async (code) => {
              setError(null);
              try {
                await api(MfaEndpoints.disableMfa, { body: { passcode: code } });
                void message.success(t('mfa.turnedOff'));
                await refresh();
                setStep({ kind: 'status' });
              } catch (caught) {
                fieldError(caught);
              }
            }}
          />
        );
      case 'status': {
        const s = status.data;
        if (!s) return <Spin />;
        return (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph data-testid="mfa-status">
              {s.enabled ? t('mfa.status.on', { count: s.recoveryCodesLeft }) : t('mfa.status.off')}
            </Typography.Paragraph>
            {s.required ? <Alert type="info" showIcon message={t('mfa.status.required')} /> : null}
            {s.enabled ? (
              <Button
                danger
                disabled={s.required}
                onClick={() => setStep({ kind: 'off' })}
                data-testid="mfa-turn-off"
              >
                {t('mfa.turnOff')}
              </Button>
            ) : (
              <Button
                type="primary"
                loading={busy}
                data-testid="mfa-turn-on"
                onClick={() => {
                  setBusy(true);
                  api(MfaEndpoints.startMfa)
                    .then((enrolment) => setStep({ kind: 'enrol', enrolment }))
                    .catch(() => undefined)
                    .finally(() => setBusy(false));
                }}
              >
                {t('mfa.turnOn')}
              </Button>
            )}
          </Space>
        );
      }
    }
  };

  return (
    <Modal
      open
      title={t('mfa.menu')}
      footer={
        <Button onClick={onClose} data-testid="mfa-close">
          {t('mfa.close')}
        </Button>
      }
      onCancel={onClose}
      destroyOnHidden
      data-testid="mfa-modal"
    >
      {body()}
    </Modal>
  );
}
