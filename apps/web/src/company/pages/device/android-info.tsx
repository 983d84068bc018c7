import { type EloDeviceStatistic, MonitoringEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { formatKibibytes, formatPercent, formatUptime } from '@/shared/format/units';
import { ListTable } from '@/shared/list';
import { DeviceHeader } from './DeviceHeader';
import { useDevice, useDeviceIdParam } from './useDeviceParam';
import { useDurationWords } from './useDurationWords';

type Memory = EloDeviceStatistic['memory'][number];
type Disk = EloDeviceStatistic['disks'][number];

const BATTERY_STATUS: Record<number, string> = {
  1: 'unknown',
  2: 'charging',
  3: 'discharging',
  4: 'notCharging',
  5: 'full',
};
const BATTERY_HEALTH: Record<number, string> = {
  1: 'unknown',
  2: 'good',
  3: 'overheat',
  4: 'dead',
  5: 'overVoltage',
  6: 'failure',
  7: 'cold',
};

function BatteryCard({ battery }: { battery: NonNullable<EloDeviceStatistic['battery']> }) {
  const { t } = useTranslation();
  const yesNo = (on: boolean) => t(on ? 'device.android.yes' : 'device.android.no');
  const level =
    battery.scale > 0 ? formatPercent((battery.level / battery.scale) * 100) : String(battery.level);
  const items = [
    ['level', level],
    ['status', t(`device.android.batteryStatus.${BATTERY_STATUS[battery.status] ?? 'unknown'}`)],
    ['health', t(`device.android.batteryHealth.${BATTERY_HEALTH[battery.health] ?? 'unknown'}`)],
    ['temperature', `${battery.temperature / 10} °C`],
    ['voltage', `${battery.voltage} mV`],
    ['technology', battery.technology],
    ['acPowered', yesNo(battery.acPowered)],
    ['usbPowered', yesNo(battery.usbPowered)],
    ['wirelessPowered', yesNo(battery.wirelessPowered)],
    ['maxChargingCurrent', `${battery.maxChargingCurrent} µA`],
    ['maxChargingVoltage', `${battery.maxChargingVoltage} µV`],
  ] as const;
  return (
    <Card title={t('device.android.battery')} size="small" data-testid="android-battery">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={items.map(([key, value]) => ({ key, label: t(`device.android.${key}`), children: value }))}
      />
    </Card>
  );
}

/** A KiB count as the agent sends it (decimal text) in KB/MB/GB; anything else as it came. */
const kib = (text: string) =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? formatKibibytes(Number(text)) : text;

function CpuCard({ cpu }: { cpu: NonNullable<EloDeviceStatistic['cpu']> }) {
  const { t } = useTranslation();
  const words = useDurationWords();
  const uptime = Number(cpu.uptime);
  const items = [
    ['architecture', cpu.architecture],
    ['model', cpu.model],
    ['coreNumber', String(cpu.coreNumber)],
    ['frequency', `${cpu.frequency} MHz`],
    [
      'uptime',
      cpu.uptime.trim() !== '' && Number.isFinite(uptime) ? formatUptime(uptime, words) : cpu.uptime,
    ],
    ['loadAverages', cpu.loadAverages.map((l) => l.toFixed(2)).join(' / ')],
  ] as const;
  return (
    <Card title={t('device.android.cpu')} size="small" data-testid="android-cpu">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={items.map(([key, value]) => ({ key, label: t(`device.android.${key}`), children: value }))}
      />
    </Card>
  );
}

/** Only a web address opens in a new tab (never `javascript:` or another scheme from a template). */
const isWebAddress = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

/** "Remote control" where the server has a remote-control service configured for the device; else nothing. */
function RemoteControlButton({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const remote = useQuery(apiQuery(MonitoringEndpoints.getRemoteUrl, { query: { eloDeviceId: deviceId } }));
  const url = remote.data?.configured ? remote.data.url : null;
  if (!isWebAddress(url)) return null;
  return (
    <Button
      type="primary"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="device-remote-control"
    >
      {t('device.android.remoteControl')}
    </Button>
  );
}

/**
 * /device/android-info.html?deviceId=: the device's head (name, store, its other pages, remote control
 * where configured) and the battery, CPU, memory and disks it last reported, in readable units.
 */
export default function AndroidInfoPage() {
  const { t } = useTranslation();
  const deviceId = useDeviceIdParam();
  const device = useDevice(deviceId);
  const stats = useQuery({
    ...apiQuery(MonitoringEndpoints.getEloDeviceStatistic, { query: { deviceId: deviceId ?? 0 } }),
    enabled: deviceId !== null,
    refetchInterval: 60_000,
  });
  if (deviceId === null || stats.isError || device.isError) {
    return <Result status="404" title={t('device.details.notFound')} data-testid="device-not-found" />;
  }
  const data = stats.data;
  if (!data) return <Spin />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="android-info">
      {device.data ? (
        <DeviceHeader
          device={device.data}
          current="androidInfo"
          extra={<RemoteControlButton deviceId={deviceId} />}
        />
      ) : null}
      <Typography.Text type="secondary">
        {t('device.android.reportTime')}: {data.reportTime ?? '-'}
      </Typography.Text>
      {data.battery ? <BatteryCard battery={data.battery} /> : null}
      {data.cpu ? <CpuCard cpu={data.cpu} /> : null}
      <Card title={t('device.android.memory')} size="small" data-testid="android-memory">
        <ListTable<Memory>
          rowKey="type"
          size="small"
          pagination={false}
          dataSource={data.memory}
          columns={[
            { key: 'type', dataIndex: 'type', title: t('device.android.memoryType') },
            { key: 'total', dataIndex: 'total', title: t('device.android.total'), render: kib },
            { key: 'used', dataIndex: 'used', title: t('device.android.used'), render: kib },
            { key: 'free', dataIndex: 'free', title: t('device.android.free'), render: kib },
          ]}
        />
      </Card>
      <Card title={t('device.android.disks')} size="small" data-testid="android-disks">
        <ListTable<Disk>
          rowKey={(d) => `${d.filesystem}\u0000${d.mountedOn}`}
          size="small"
          pagination={false}
          dataSource={data.disks}
          columns={[
            { key: 'filesystem', dataIndex: 'filesystem', title: t('device.android.filesystem') },
            { key: 'size', dataIndex: 'size', title: t('device.android.size'), render: kib },
            { key: 'used', dataIndex: 'used', title: t('device.android.used'), render: kib },
            { key: 'available', dataIndex: 'available', title: t('device.android.available'), render: kib },
            { key: 'usedPercent', dataIndex: 'usedPercent', title: t('device.android.usedPercent') },
            { key: 'mountedOn', dataIndex: 'mountedOn', title: t('device.android.mountedOn') },
          ]}
        />
      </Card>
      {!data.battery && !data.cpu && data.memory.length === 0 && data.disks.length === 0 ? (
        <Empty description={t('device.android.noReport')} />
      ) : null}
    </Space>
  );
}
