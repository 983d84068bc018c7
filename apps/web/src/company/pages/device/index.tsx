import { BUTTON, DeviceEndpoints } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { moduleKey } from '@/shared/api/call';
import { DeviceListPage } from '@/shared/device/DeviceListPage';
import { fromHere } from '@/shared/form';
import { Access } from '@/shared/permissions/Access';
import { ImportDevicesModal } from './ImportDevicesModal';

const SCOPE = { monitored: 1 } as const;

/** /device/index.html: the monitored devices. */
export default function MonitoredDevicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return (
    <DeviceListPage
      scope={SCOPE}
      batchMonitor={0}
      testId="device-monitored"
      toolbar={
        <>
          <Access codes={[BUTTON.deviceAdd]}>
            <Button
              type="primary"
              onClick={() => void navigate('/device/save.html', { state: fromHere(location) })}
              data-testid="device-add"
            >
              {t('device.action.add')}
            </Button>
          </Access>
          <Access codes={[BUTTON.deviceImport]}>
            <ImportDevicesModal
              onImported={() =>
                void queryClient.invalidateQueries({ queryKey: moduleKey(DeviceEndpoints.importExcel) })
              }
            />
          </Access>
        </>
      }
    />
  );
}
