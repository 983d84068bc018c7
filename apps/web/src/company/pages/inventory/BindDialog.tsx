import {
  DeviceEndpoints,
  InventoryEndpoints as E,
  type InventoryMatchRow,
  type InventoryRecord,
  MonitoredFlag,
  OnlineStatus,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Modal, Tag, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { ListTable } from '@/shared/list';
import { orderMatches } from './match-order';

/** Register values inside a sentence are data (the language walk skips `data-cell`). */
export const CELL = { cell: <span data-cell /> };

/**
 * The bind dialog: the devices of the record's store whose MAC matches the record's (any notation),
 * monitored first, each saying whether it is already bound (and to which asset). Binding one closes
 * the dialog; a 409 (the device or the record was bound meanwhile) is shown by the request client.
 */
export default function BindDialog({ record, onClose }: { record: InventoryRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const mac = record.macAddress?.trim() ?? '';
  const matches = useQuery({
    ...apiQuery(E.matchMacDevices, { query: { macAddress: mac, shopId: record.shopId } }),
    enabled: mac !== '',
  });
  const bind = useCallMutation(E.bindInventoryDevice, {
    input: (device: InventoryMatchRow) => ({
      query: { inventoryDeviceId: record.id, targetDeviceId: device.deviceId },
    }),
    successMessage: (_r, device) => t('inventory.message.bound', { device: device.deviceName }),
    alsoInvalidates: [DeviceEndpoints.listDevices],
  });
  const rows = orderMatches(matches.data ?? []);

  return (
    <Modal
      open
      title={<Trans i18nKey="inventory.bind.title" values={{ assetNo: record.assetNo }} components={CELL} />}
      footer={null}
      onCancel={onClose}
      width={820}
      destroyOnHidden
    >
      <div data-testid="inventory-bind-dialog">
        {mac === '' ? (
          <Alert type="warning" showIcon title={t('inventory.bind.noMac')} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              <Trans
                i18nKey="inventory.bind.intro"
                values={{ shop: record.shopName, mac }}
                components={CELL}
              />
            </Typography.Paragraph>
            <ListTable<InventoryMatchRow>
              size="small"
              rowKey="deviceId"
              loading={matches.isFetching}
              dataSource={rows}
              pagination={false}
              locale={{ emptyText: t('inventory.bind.none') }}
              onRow={(row) => ({ 'data-testid': `inventory-match-${row.deviceId}` }) as object}
              columns={[
                {
                  key: 'device',
                  title: t('inventory.bind.device'),
                  render: (_: unknown, row) => (
                    <span>
                      <Badge status={row.onlineStatus === OnlineStatus.ONLINE ? 'success' : 'error'} />{' '}
                      <span data-cell>{row.deviceName}</span>
                    </span>
                  ),
                },
                {
                  dataIndex: 'macAddress',
                  title: t('inventory.field.macAddress'),
                  width: 160,
                  render: (v: string | null) => <span data-cell>{v ?? '-'}</span>,
                },
                {
                  dataIndex: 'intranetIp',
                  title: t('inventory.field.intranetIp'),
                  width: 130,
                  render: (v: string | null) => <span data-cell>{v ?? '-'}</span>,
                },
                {
                  key: 'monitored',
                  title: t('inventory.bind.monitored'),
                  width: 90,
                  render: (_: unknown, row) =>
                    row.monitored === MonitoredFlag.MONITORED ? (
                      <Tag color="green">{t('inventory.bind.isMonitored')}</Tag>
                    ) : (
                      <Tag>{t('inventory.bind.notMonitored')}</Tag>
                    ),
                },
                {
                  key: 'bound',
                  title: t('inventory.bind.boundTo'),
                  width: 170,
                  render: (_: unknown, row) =>
                    row.boundInventoryId === null ? (
                      t('inventory.bind.free')
                    ) : (
                      <span data-testid={`inventory-match-bound-${row.deviceId}`}>
                        {t('inventory.bind.boundToAsset', {
                          assetNo: row.boundAssetNo ?? row.boundInventoryId,
                        })}
                      </span>
                    ),
                },
                {
                  key: 'action',
                  title: t('inventory.column.actions'),
                  width: 80,
                  render: (_: unknown, row) => (
                    <Button
                      type="link"
                      size="small"
                      disabled={row.boundInventoryId !== null}
                      loading={bind.isPending && bind.variables?.deviceId === row.deviceId}
                      onClick={() =>
                        void bind.mutateAsync(row).then(
                          () => onClose(),
                          () => undefined,
                        )
                      }
                      data-testid={`inventory-bind-to-${row.deviceId}`}
                    >
                      {t('inventory.bind.choose')}
                    </Button>
                  ),
                },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
