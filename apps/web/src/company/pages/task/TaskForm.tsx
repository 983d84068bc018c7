/**
 * The task form (save page): title, description, type, priority, due time, devices and stores (pickers),
 * assignee (active common users). Opened from an alert record, the device is the record's and the
 * type is repair (the server fills what is left empty).
 */
import {
  DeviceEndpoints,
  TASK_LIMITS,
  TASK_PRIORITY_LABELS,
  TASK_TYPE_LABELS,
  type TaskCreateBody,
} from '@storefleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useLang } from '@/shared/i18n/useLang';
import { AssigneeSelect } from './AssigneeSelect';
import { labelOptions } from './TaskTags';
import { useAssignees } from './useAssignees';
import { useTaskPlaces } from './useTaskPlaces';

export interface TaskFormValues {
  title?: string;
  description?: string;
  type?: TaskCreateBody['type'];
  priority?: TaskCreateBody['priority'];
  dueTime?: Dayjs | null;
  deviceIds?: number[];
  shopIds?: number[];
  assigneeId?: number | null;
}

export interface TaskFormProps {
  initial: TaskFormValues;
  /** Devices already chosen, with their names (edit page), so the picker can name them. */
  knownDevices?: readonly { value: number; label: string }[];
  /** From an alert record: the device and type are the record's. */
  fromAlert?: boolean;
  submitting: boolean;
  onSubmit: (values: TaskFormValues) => Promise<unknown>;
  onCancel: () => void;
}

export function TaskForm({
  initial,
  knownDevices = [],
  fromAlert = false,
  submitting,
  onSubmit,
  onCancel,
}: TaskFormProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [form] = Form.useForm<TaskFormValues>();
  const assignees = useAssignees();
  const places = useTaskPlaces();
  const [search, setSearch] = useState('');
  const devices = useQuery({
    ...apiQuery(DeviceEndpoints.listDevices, {
      query: { pageNum: 1, pageSize: 50, ...(search ? { deviceName: search } : {}) },
    }),
    enabled: !fromAlert,
    placeholderData: keepPreviousData,
  });
  const deviceOptions = [
    ...knownDevices,
    ...(devices.data?.list ?? [])
      .filter((d) => !knownDevices.some((k) => k.value === d.deviceId))
      .map((d) => ({ value: d.deviceId, label: `${d.deviceName} · ${d.shopName}` })),
  ];

  return (
    <Form<TaskFormValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={initial}
      onFinish={(values) => void onSubmit(values).catch(() => undefined)}
      data-testid="task-form"
    >
      <Form.Item
        name="title"
        label={t('task.form.title')}
        rules={fromAlert ? [] : [{ required: true, whitespace: true }]}
      >
        <Input maxLength={TASK_LIMITS.titleMax} data-testid="task-form-title" />
      </Form.Item>
      <Form.Item name="description" label={t('task.form.description')}>
        <Input.TextArea
          rows={3}
          maxLength={TASK_LIMITS.descriptionMax}
          showCount
          data-testid="task-form-description"
        />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item name="type" label={t('task.form.type')} rules={[{ required: true }]}>
          <Select
            style={{ width: 200 }}
            disabled={fromAlert}
            options={labelOptions(TASK_TYPE_LABELS, lang)}
            data-testid="task-form-type"
          />
        </Form.Item>
        <Form.Item name="priority" label={t('task.form.priority')}>
          <Select
            style={{ width: 160 }}
            options={labelOptions(TASK_PRIORITY_LABELS, lang)}
            data-testid="task-form-priority"
          />
        </Form.Item>
        <Form.Item name="dueTime" label={t('task.form.dueTime')}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" data-testid="task-form-due" />
        </Form.Item>
      </Space>
      {fromAlert ? null : (
        <>
          <Form.Item
            name="deviceIds"
            label={t('task.form.devices')}
            extra={t('task.form.devicesHint')}
            dependencies={['shopIds']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: number[] | undefined) => {
                  const shops = (getFieldValue('shopIds') as number[] | undefined) ?? [];
                  if ((value?.length ?? 0) + shops.length === 0)
                    throw new Error(t('task.form.targetsRequired'));
                },
              }),
            ]}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch
              filterOption={false}
              onSearch={setSearch}
              loading={devices.isFetching}
              options={deviceOptions}
              data-testid="task-form-devices"
            />
          </Form.Item>
          <Form.Item name="shopIds" label={t('task.form.stores')}>
            <Select
              mode="multiple"
              allowClear
              showSearch
              optionFilterProp="label"
              options={places.stores}
              data-testid="task-form-stores"
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="assigneeId" label={t('task.form.assignee')} extra={t('task.form.assigneeHint')}>
        <AssigneeSelect assignees={assignees} data-testid="task-form-assignee" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="task-form-submit">
          {t('task.form.submit')}
        </Button>
        <Button onClick={onCancel}>{t('task.form.cancel')}</Button>
      </Space>
    </Form>
  );
}
