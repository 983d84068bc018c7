import { MODULE, PAGE } from '@storefleet/contracts';
import { lazy, Suspense } from 'react';

import { usePermissions } from '../permissions/usePermissions';

/** The company console's badge: its own chunk, loaded only for holders of the alert overview. */
const OpenAlertsCount = lazy(() => import('@/company/OpenAlertsBadge'));
const OVERVIEW_CODES = [MODULE.alert, PAGE.alertStore];

/** The header's open-alerts badge, for users who hold the alert overview page (nothing otherwise). */
export function OpenAlertsBadge() {
  const { canView } = usePermissions();
  if (!canView(OVERVIEW_CODES)) return null;
  return (
    <Suspense fallback={null}>
      <OpenAlertsCount />
    </Suspense>
  );
}
