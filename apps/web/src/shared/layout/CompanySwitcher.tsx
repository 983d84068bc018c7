import { UserType } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

import { selectCompany } from '../session/session-store';
import { useSession } from '../session/useSession';

/**
 * Lets an agent-platform admin choose which of its companies it acts in; absent for everyone else.
 * A native select drawn like antd's (keyboard and screen readers as the browser offers them) rather than
 * antd's Select, which would cost every signed-in page its virtual list (docs/decisions/web.md).
 */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useSession();
  const queryClient = useQueryClient();
  if (!session || session.result.userType !== UserType.AGENT_CUSTOMER_ADMIN_USER) return null;
  const options = Object.entries(session.result.companyMap);
  return (
    <select
      aria-label={t('shell.company')}
      value={session.companyId ?? ''}
      onChange={(event) => {
        // Every cached list belongs to the previous company; refetch them under the new one.
        void selectCompany(event.target.value).then(() => queryClient.resetQueries());
      }}
      style={{
        minWidth: 180,
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - 1}px`,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        color: token.colorText,
        font: 'inherit',
        fontSize: token.fontSize,
        cursor: 'pointer',
        verticalAlign: 'middle',
      }}
      data-testid="company-switcher"
    >
      {session.companyId ? null : <option value="" disabled hidden />}
      {options.map(([id, name]) => (
        <option key={id} value={id}>
          {name}
        </option>
      ))}
    </select>
  );
}
