import { KeyOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { AuthEndpoints } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api } from '../api/call';
import { endSession } from '../session/session-store';
import { useSession } from '../session/useSession';
import { PopupMenu } from './PopupMenu';

/** Loaded when the user first asks to change the password: every signed-in page would carry it otherwise. */
const ChangePasswordModal = lazy(() =>
  import('./ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })),
);
/** Loaded when the user first opens its two-step sign-in. */
const MfaModal = lazy(() => import('../mfa/MfaModal').then((m) => ({ default: m.MfaModal })));

/** The signed-in user's name with its own actions: change password, two-step sign-in and sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [changingPassword, setChangingPassword] = useState(false);
  const [mfaOpen, setMfaOpen] = useState(false);

  const signOut = async () => {
    // Tell the server first (it needs the token); a failure there must not keep the user signed in.
    await api(AuthEndpoints.logout).catch(() => undefined);
    await endSession();
    queryClient.clear();
    // The guard has already sent us to sign.html?redirect=…; a deliberate sign-out has nothing to return to.
    await navigate('/sign.html', { replace: true });
  };

  return (
    <>
      <PopupMenu
        items={[
          {
            key: 'change-password',
            icon: <KeyOutlined />,
            label: <span data-testid="change-password">{t('shell.password.menu')}</span>,
          },
          {
            key: 'mfa',
            icon: <SafetyOutlined />,
            label: <span data-testid="mfa-menu">{t('mfa.menu')}</span>,
          },
          {
            key: 'sign-out',
            icon: <LogoutOutlined />,
            label: <span data-testid="sign-out">{t('shell.signOut')}</span>,
          },
        ]}
        onPick={(key) => {
          if (key === 'sign-out') void signOut();
          if (key === 'change-password') setChangingPassword(true);
          if (key === 'mfa') setMfaOpen(true);
        }}
        trigger={(props) => (
          <Button type="text" icon={<UserOutlined />} data-testid="user-menu" {...props}>
            {session?.result.name || session?.result.username}
          </Button>
        )}
      />
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordModal open onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
      {mfaOpen ? (
        <Suspense fallback={null}>
          <MfaModal onClose={() => setMfaOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
