import { UserType } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

import { selectCompany } from '../session/session-store';
import { useSession } from '../session/useSession';

/** Lets an agent-platform admin choose which of its companies it acts in; absent for everyone else. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  if (!session || session.result.userType !== UserType.AGENT_CUSTOMER_ADMIN_USER) return null;
  const options = Object.entries(session.result.companyMap).map(([id, name]) => ({ value: id, label: name }));
  return (
    <Select
      aria-label={t('shell.company')}
      value={session.companyId ?? undefined}
      options={options}
      style={{ minWidth: 180 }}
      onChange={(companyId: string) => {
        // Every cached list belongs to the previous company; refetch them under the new one.
        void selectCompany(companyId).then(() => queryClient.resetQueries());
      }}
      data-testid="company-switcher"
    />
  );
}
