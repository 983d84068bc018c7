import { BUTTON, type Device, OfflineReasonEndpoints as E, type OfflineReason } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../api/call';
import { cardTableEmpty, cardTablePager } from '../list/card-table';
import { ListTable } from '../list/ListTable';
import { Access } from '../permissions/Access';
import { OfflineReasonDialog, type OfflineReasonTarget } from './OfflineReasonDialog';

/** The device details page's offline reasons: its history, newest first, and "record offline reason". */
export function OfflineReasonsCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<OfflineReasonTarget | null>(null);
  const history = useQuery(apiQuery(E.deviceOfflineReasons, { params: { deviceId: device.deviceId } }));
  const columns = [
    { title: t('health.offlineReason.dropTime'), dataIndex: 'createTime', key: 'createTime', width: 170 },
    { title: t('health.offlineReason.type'), dataIndex: 'reasonTypeName', key: 'reasonTypeName', width: 140 },
    { title: t('health.offlineReason.reason'), dataIndex: 'reason', key: 'reason' },
    { title: t('health.offlineReason.treatment'), dataIndex: 'treatmentMethod', key: 'treatmentMethod' },
    { title: t('health.offlineReason.handler'), dataIndex: 'createBy', key: 'createBy', width: 120 },
  ];
  return (
    <Card
      title={t('health.offlineReason.history')}
      size="small"
      data-testid="offline-reasons-card"
      extra={
        <Access codes={[BUTTON.offlineReasonEdit]}>
          <Button
            size="small"
            data-testid="offline-reason-record"
            onClick={() =>
              setTarget({
                deviceId: device.deviceId,
                deviceName: device.deviceName,
                dropTime: device.latestOfflineTime,
              })
            }
          >
            {t('health.offlineReason.record')}
          </Button>
        </Access>
      }
    >
      <ListTable<OfflineReason>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data ?? []}
        columns={columns}
        // Paged here (the history comes whole), with the pager of the device's other tables.
        pagination={cardTablePager(t)}
        locale={cardTableEmpty(history.isSuccess, t('health.offlineReason.empty'), 'offline-reasons-empty')}
        data-testid="offline-reasons-table"
      />
      <OfflineReasonDialog target={target} onDone={() => setTarget(null)} />
    </Card>
  );
}
