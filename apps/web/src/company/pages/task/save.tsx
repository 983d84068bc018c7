/**
 * /task/save.html (hidden): a new task; `?id=` edits one still created or dispatched; `?alertRecordId=`
 * makes a repair task for the device of an open alert record (the alert page's "create task").
 */
import { TaskEndpoints as E, type Task, type TaskCreateBody } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { api, apiQuery } from '@/shared/api/call';
import { useFormPage } from '@/shared/form/useFormPage';
import { useIdParam } from '@/shared/form/useIdParam';
import { TaskForm, type TaskFormValues } from './TaskForm';

const LIST = '/task/task-list.html';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** What the alert page passes along (for the heading and the title). */
interface AlertState {
  alertName?: string;
}

function bodyOf(values: TaskFormValues): TaskCreateBody {
  return {
    title: values.title?.trim() ?? '',
    description: values.description?.trim() ?? '',
    type: values.type ?? 'repair',
    priority: values.priority ?? 'normal',
    dueTime: values.dueTime ? values.dueTime.format(DATE_TIME) : null,
    deviceIds: values.deviceIds ?? [],
    shopIds: values.shopIds ?? [],
    assigneeId: values.assigneeId ?? null,
  };
}

function valuesOf(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    type: task.type,
    priority: task.priority,
    dueTime: task.dueTime ? dayjs(task.dueTime, DATE_TIME) : null,
    deviceIds: task.devices.map((d) => d.deviceId),
    shopIds: task.stores.map((s) => s.shopId),
    assigneeId: task.assigneeId,
  };
}

export default function TaskSavePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const id = useIdParam();
  const alertRecordId = useIdParam('alertRecordId');
  const alertName = (location.state as AlertState | null)?.alertName;
  const detail = useQuery({
    ...apiQuery(E.taskDetail, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  const page = useFormPage({
    save: (values: TaskFormValues) => {
      const body = bodyOf(values);
      if (id !== null) return api(E.updateTask, { body: { ...body, id } });
      if (alertRecordId !== null)
        return api(E.createTaskFromAlert, {
          body: {
            alertRecordId,
            ...(body.title ? { title: body.title } : {}),
            ...(body.description ? { description: body.description } : {}),
            priority: body.priority,
            ...(body.dueTime ? { dueTime: body.dueTime } : {}),
            ...(body.assigneeId !== null ? { assigneeId: body.assigneeId } : {}),
          },
        });
      return api(E.createTask, { body });
    },
    invalidates: E.createTask,
    savedMessage: t('task.saved'),
    list: LIST,
  });

  if (id !== null && !detail.data) return <Spin spinning={detail.isLoading} />;
  const task = detail.data?.task;
  return (
    <Card title={id !== null ? t('task.action.edit') : t('menu.task.save')}>
      {alertRecordId !== null ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('task.form.fromAlert', { id: alertRecordId })}
          data-testid="task-form-from-alert"
        />
      ) : null}
      <TaskForm
        initial={
          task
            ? valuesOf(task)
            : { type: 'repair', priority: 'normal', ...(alertName ? { title: alertName } : {}) }
        }
        knownDevices={task?.devices.map((d) => ({
          value: d.deviceId,
          label: `${d.deviceName} · ${d.storeName}`,
        }))}
        fromAlert={alertRecordId !== null && id === null}
        submitting={page.submitting}
        onSubmit={page.submit}
        onCancel={page.cancel}
      />
    </Card>
  );
}
