import { type AlertRecord, BUTTON } from '@storefleet/contracts';
import { Button, Descriptions, Drawer, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertLevelTag } from '@/shared/alerts/AlertLevelTag';
import { useLang } from '@/shared/i18n/useLang';
import { RecordOfflineReasonButton } from '@/shared/offline-reasons/RecordOfflineReasonButton';
import { Access } from '@/shared/permissions/Access';
import { AlertStatusTag, DeviceLink, StoreLink } from './alert-cells';
import { DeliveryLog } from './DeliveryLog';

/**
 * What is known about one record: when it fired and ended, the level, the value against the rule's
 * threshold, the device and store, whether it is held under the store box's alert, who acknowledged it
 * (and the note) and who closed it; below, the delivery log (who was told, how and when).
 */
export function AlertDetailDrawer({ record, onClose }: { record: AlertRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { english } = useLang();
  const dash = (v: string | number | null | undefined) =>
    v === null || v === undefined || v === '' ? '-' : v;
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={record?.name}
      size="large"
      extra={
        record ? (
          <Space>
            {record.status === 0 ? (
              <Access codes={[BUTTON.taskAdd]}>
                <Link
                  to={`/task/save.html?alertRecordId=${record.id}`}
                  state={{ alertName: record.name }}
                  data-testid="alert-detail-task"
                >
                  <Button>{t('task.action.createFromAlert')}</Button>
                </Link>
              </Access>
            ) : null}
            <RecordOfflineReasonButton
              deviceId={record.deviceId}
              deviceName={record.deviceName}
              dropTime={record.alertTime}
            />
          </Space>
        ) : null
      }
      data-testid="alert-detail"
    >
      {record ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('alerts.field.name')}>
            <span data-cell>{record.name}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.severity')}>
            <AlertLevelTag level={record.severity} fallback={record.severityName} />
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.status')}>
            <AlertStatusTag record={record} />
          </Descriptions.Item>
          {record.suppressedBy !== null ? (
            <Descriptions.Item label={t('alerts.field.suppressed')}>
              <span data-testid="alert-detail-suppressed">
                {t('alerts.suppressedBy', { id: record.suppressedBy })}
              </span>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('alerts.field.alertTime')}>{record.alertTime}</Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.recoveryTime')}>
            {dash(record.recoveryTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.value')}>
            <span data-cell>{`${record.value} / ${record.triggerValue}`}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.device')}>
            <DeviceLink record={record} />
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.shopName')}>
            <StoreLink record={record} />
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.category')}>
            <span data-cell>
              {dash(
                [
                  english ? (record.categoryNameEn ?? record.categoryName) : record.categoryName,
                  english ? (record.classNameEn ?? record.className) : record.className,
                ]
                  .filter(Boolean)
                  .join(' / '),
              )}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.assetNo')}>
            <span data-cell>{dash(record.assetNo)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.acknowledged')}>
            {record.acknowledgedBy ? (
              <span data-testid="alert-detail-ack">
                <span data-cell>{record.acknowledgedBy}</span> · {record.acknowledgedAt}
              </span>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.ackNote')}>
            <span data-cell>{dash(record.ackNote)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.field.closed')}>
            {record.closedBy ? (
              <span>
                <span data-cell>{record.closedBy}</span> · {record.closedAt}
              </span>
            ) : (
              '-'
            )}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      {record ? (
        <div style={{ marginTop: 16 }} data-testid="alert-detail-deliveries">
          <DeliveryLog recordId={record.id} />
        </div>
      ) : null}
    </Drawer>
  );
}
