import { BellOutlined } from '@ant-design/icons';
import { AlertRecordEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { apiQuery, endpointKey } from '../shared/api/call';
import { Hint } from '../shared/layout/Hint';
import { CountBubble } from '../shared/list/marks';
import { badgeText } from './pages/alerts/alert-query';
import { useAlertLive } from './pages/alerts/useAlertLive';

/** The alert overview's path (routes.tsx: alerts/index.html). */
export const ALERT_OVERVIEW_PATH = '/alerts/index.html';

/**
 * The header's open-alerts badge (issue 11): the open alert records in the user's scope, a link to the
 * alert overview; the count follows the live-updates stream's alert events. Loaded lazily by the
 * shell's `shared/layout/OpenAlertsBadge` for holders of the overview page only, so neither the
 * sign-in path nor the admin console ever loads it.
 */
export default function OpenAlertsCount() {
  const { t } = useTranslation();
  const count = useQuery(apiQuery(E.getOpenAlertCount));
  useAlertLive([endpointKey(E.getOpenAlertCount)]);
  const open = count.data?.open ?? 0;
  return (
    <Hint title={t('shell.openAlerts', { count: open })}>
      <Link
        to={ALERT_OVERVIEW_PATH}
        data-testid="open-alerts-badge"
        data-count={String(open)}
        aria-label={t('shell.openAlerts', { count: open })}
      >
        <CountBubble count={open > 0 ? badgeText(open) : 0} data-testid="open-alerts-count">
          <Button type="text" icon={<BellOutlined />} />
        </CountBubble>
      </Link>
    </Hint>
  );
}
