import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { AuthEndpoints } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api } from '../api/call';
import { endSession } from '../session/session-store';
import { useSession } from '../session/useSession';
import { ChangePasswordModal } from './ChangePasswordModal';

/** The signed-in user's name with its own actions: change password and sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [changingPassword, setChangingPassword] = useState(false);

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
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'change-password',
              icon: <KeyOutlined />,
              label: <span data-testid="change-password">{t('shell.password.menu')}</span>,
            },
            {
              key: 'sign-out',
              icon: <LogoutOutlined />,
              label: <span data-testid="sign-out">{t('shell.signOut')}</span>,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'sign-out') void signOut();
            if (key === 'change-password') setChangingPassword(true);
          },
        }}
      >
        <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
          {session?.result.name || session?.result.username}
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
