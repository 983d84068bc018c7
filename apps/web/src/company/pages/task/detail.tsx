/**
 * /task/detail.html?id= (hidden): the task, the devices and stores it concerns, its stage history (who,
 * when, note, photos) and the stage actions the server allows the caller now (with note and photos).
 */
import {
  TaskEndpoints as E,
  OnlineStatus,
  TASK_STAGE_LABELS,
  type TaskDevice,
  type TaskStageChange,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Result, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { apiQuery } from '@/shared/api/call';
import { fromHere } from '@/shared/form/return-to';
import { useIdParam } from '@/shared/form/useIdParam';
import { useLang } from '@/shared/i18n/useLang';
import { type ListColumns, ListTable } from '@/shared/list';
import { AdvanceDialog, type AdvanceRequest } from './AdvanceDialog';
import { TaskPhoto } from './TaskPhoto';
import { OverdueTag, PriorityTag, StageTag, TypeText } from './TaskTags';
import { detailActions } from './task-actions';

export default function TaskDetailPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const location = useLocation();
  const id = useIdParam();
  const [request, setRequest] = useState<AdvanceRequest | null>(null);
  const detail = useQuery({
    ...apiQuery(E.taskDetail, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    retry: false,
  });

  const historyColumns = useMemo<ListColumns<TaskStageChange>>(
    () => [
      { key: 'time', dataIndex: 'time', title: t('task.history.time'), width: 170 },
      {
        key: 'change',
        title: t('task.history.change'),
        width: 220,
        render: (_: unknown, row) =>
          row.fromStage === null ? (
            <Space size={4}>
              {t('task.history.created')}
              <StageTag stage={row.toStage} />
            </Space>
          ) : (
            <Space size={4}>
              <StageTag stage={row.fromStage} />→<StageTag stage={row.toStage} />
            </Space>
          ),
      },
      { key: 'by', title: t('task.history.by'), width: 130, render: (_: unknown, row) => row.byName ?? '-' },
      {
        key: 'note',
        title: t('task.history.note'),
        render: (_: unknown, row) => (
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-testid={`task-history-note-${row.id}`}>
            {row.note || '-'}
          </Typography.Text>
        ),
      },
      {
        key: 'photos',
        title: t('task.history.photos'),
        width: 260,
        render: (_: unknown, row) =>
          row.photos.length === 0 ? (
            '-'
          ) : (
            <Space wrap size={4} data-testid={`task-history-photos-${row.id}`}>
              {row.photos.map((url) => (
                <TaskPhoto key={url} url={url} alt={t('task.history.photos')} />
              ))}
            </Space>
          ),
      },
    ],
    [t],
  );

  if (id === null || detail.isError) return <Result status="404" subTitle={t('task.detail.notFound')} />;
  if (!detail.data) return <Spin spinning />;
  const { task, history, allowedStages, canEdit, canCancel } = detail.data;
  const actions = detailActions(task.stage, allowedStages, canCancel);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="task-detail">
      <Card
        title={
          <Space>
            <span data-cell>{task.title}</span>
            <StageTag stage={task.stage} testId="task-detail-stage" />
            <OverdueTag overdue={task.overdue} testId="task-detail-overdue" />
          </Space>
        }
        extra={
          <Space wrap>
            {canEdit ? (
              <Link to={`/task/save.html?id=${task.id}`} state={fromHere(location)}>
                <Button data-testid="task-detail-edit">{t('task.action.edit')}</Button>
              </Link>
            ) : null}
            {actions.map((action) => (
              <Button
                key={action}
                type={action === 'cancel' ? 'default' : 'primary'}
                danger={action === 'cancel'}
                onClick={() => setRequest({ task, action })}
                data-testid={`task-detail-${action}`}
              >
                {t(`task.action.${action}`)}
              </Button>
            ))}
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label={t('task.column.type')}>
            <TypeText type={task.type} />
          </Descriptions.Item>
          <Descriptions.Item label={t('task.column.priority')}>
            <PriorityTag priority={task.priority} />
          </Descriptions.Item>
          <Descriptions.Item label={t('task.column.assignee')}>
            <span data-testid="task-detail-assignee">{task.assigneeName ?? t('task.unassigned')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('task.column.dueTime')}>
            {task.dueTime ?? t('task.noDue')}
          </Descriptions.Item>
          <Descriptions.Item label={t('task.column.createTime')}>{task.createTime}</Descriptions.Item>
          <Descriptions.Item label={t('task.column.createBy')}>{task.createBy ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('task.detail.stageTime')}>
            {`${TASK_STAGE_LABELS[task.stage][lang]} · ${task.stageTime}`}
          </Descriptions.Item>
          {task.alertRecordId !== null ? (
            <Descriptions.Item label={t('menu.alerts')}>
              <span data-testid="task-detail-alert">{t('task.fromAlert', { id: task.alertRecordId })}</span>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('task.detail.description')} span="filled">
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{task.description || '-'}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('task.detail.devices')} size="small">
        {task.devices.length === 0 && task.stores.length === 0 ? (
          <Empty />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            {task.devices.map((d: TaskDevice) => (
              <Space key={d.deviceId} wrap data-testid={`task-device-${d.deviceId}`}>
                <span data-cell>{d.deviceName}</span>
                <Typography.Text type="secondary">{d.storeName}</Typography.Text>
                <Tag color={d.onlineStatus === OnlineStatus.ONLINE ? 'success' : 'error'}>
                  {d.onlineStatus === OnlineStatus.ONLINE ? t('task.online') : t('task.offline')}
                </Tag>
                {d.openAlerts > 0 ? (
                  <Tag color="warning">{t('task.openAlerts', { count: d.openAlerts })}</Tag>
                ) : null}
                <Link
                  to={`/task/device-detail.html?id=${task.id}&deviceId=${d.deviceId}`}
                  state={fromHere(location)}
                  data-testid={`task-device-history-${d.deviceId}`}
                >
                  {t('task.action.deviceDetail')}
                </Link>
              </Space>
            ))}
            {task.stores.map((s) => (
              <Typography.Text key={`s${s.shopId}`}>{s.storeName}</Typography.Text>
            ))}
          </Space>
        )}
      </Card>
      <Card title={t('task.detail.history')} size="small">
        <ListTable<TaskStageChange>
          rowKey="id"
          columns={historyColumns}
          dataSource={history}
          pagination={false}
          size="small"
          locale={{ emptyText: t('task.detail.noHistory') }}
          data-testid="task-history"
        />
      </Card>
      <AdvanceDialog request={request} onDone={() => setRequest(null)} />
    </Space>
  );
}
