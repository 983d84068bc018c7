/**
 * /task/device-detail.html?id=<task>&deviceId= (hidden): what happened to one device of a task since the
 * task was opened — its alert records (raised, recovered, closed) and its online history.
 */
import { TaskEndpoints as E, type TaskDeviceEvent } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Select, Space, Spin, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AlertLevelTag } from '@/shared/alerts/AlertLevelTag';
import { apiQuery } from '@/shared/api/call';
import { useIdParam } from '@/shared/form/useIdParam';
import { type ListColumns, ListTable } from '@/shared/list';

const ONLINE_KINDS: readonly TaskDeviceEvent['kind'][] = ['offline', 'online'];
const KIND_COLOR: Readonly<Record<TaskDeviceEvent['kind'], string>> = {
  offline: 'error',
  online: 'success',
  alertOpened: 'warning',
  alertRecovered: 'success',
  alertClosed: 'default',
};

export default function TaskDeviceDetailPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const chosenDevice = useIdParam('deviceId');
  const [, setSearch] = useSearchParams();
  const detail = useQuery({
    ...apiQuery(E.taskDetail, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    retry: false,
  });

  const columns = useMemo<ListColumns<TaskDeviceEvent>>(
    () => [
      { key: 'at', dataIndex: 'at', title: t('task.event.time'), width: 170 },
      {
        key: 'kind',
        title: t('task.event.kind'),
        width: 140,
        render: (_: unknown, row) => <Tag color={KIND_COLOR[row.kind]}>{t(`task.event.${row.kind}`)}</Tag>,
      },
      {
        key: 'name',
        title: t('task.event.name'),
        render: (_: unknown, row) =>
          row.name === null ? (
            '-'
          ) : (
            <Space size={4}>
              {row.severity !== null ? <AlertLevelTag level={row.severity} /> : null}
              <span data-cell>{row.name}</span>
            </Space>
          ),
      },
    ],
    [t],
  );

  if (id === null || detail.isError) return <Result status="404" subTitle={t('task.detail.notFound')} />;
  if (!detail.data) return <Spin spinning />;
  const { task, deviceEvents } = detail.data;
  if (task.devices.length === 0) return <Result status="info" subTitle={t('task.deviceDetail.choose')} />;
  const deviceId = task.devices.some((d) => d.deviceId === chosenDevice)
    ? chosenDevice
    : task.devices[0]?.deviceId;
  const events = deviceEvents.filter((e) => e.deviceId === deviceId);
  const online = events.filter((e) => ONLINE_KINDS.includes(e.kind));
  const alerts = events.filter((e) => !ONLINE_KINDS.includes(e.kind));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="task-device-detail">
      <Space wrap>
        <Link to={`/task/detail.html?id=${task.id}`}>{task.title}</Link>
        <Select
          style={{ minWidth: 260 }}
          value={deviceId}
          onChange={(value: number) => setSearch({ id: String(task.id), deviceId: String(value) })}
          options={task.devices.map((d) => ({
            value: d.deviceId,
            label: `${d.deviceName} · ${d.storeName}`,
          }))}
          data-testid="task-device-select"
        />
      </Space>
      <Card size="small" title={t('task.deviceDetail.alerts', { time: task.createTime })}>
        <ListTable<TaskDeviceEvent>
          rowKey="key"
          columns={columns}
          dataSource={alerts}
          pagination={false}
          size="small"
          locale={{ emptyText: t('task.detail.noEvents') }}
          data-testid="task-device-alerts"
        />
      </Card>
      <Card size="small" title={t('task.deviceDetail.online', { time: task.createTime })}>
        <ListTable<TaskDeviceEvent>
          rowKey="key"
          columns={columns.filter((c) => c.key !== 'name')}
          dataSource={online}
          pagination={false}
          size="small"
          locale={{ emptyText: t('task.detail.noEvents') }}
          data-testid="task-device-online"
        />
      </Card>
    </Space>
  );
}
