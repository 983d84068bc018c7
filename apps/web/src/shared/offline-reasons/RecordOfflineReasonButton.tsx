import { BUTTON } from '@storefleet/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Access } from '../permissions/Access';
import { OfflineReasonDialog, type OfflineReasonTarget } from './OfflineReasonDialog';

/** "Record offline reason" for one device, prefilled (e.g. from an alert record: its device and alert time). */
export function RecordOfflineReasonButton(props: OfflineReasonTarget) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<OfflineReasonTarget | null>(null);
  return (
    <Access codes={[BUTTON.offlineReasonEdit]}>
      <Button size="small" data-testid="offline-reason-record" onClick={() => setTarget({ ...props })}>
        {t('health.offlineReason.record')}
      </Button>
      <OfflineReasonDialog target={target} onDone={() => setTarget(null)} />
    </Access>
  );
}
