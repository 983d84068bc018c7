/**
 * /task/pending-devices.html: the devices that need a task now (offline past the threshold with no open
 * task, faulty or idle assets, not inventoried), each with its reason and the task it suggests; several
 * chosen → one task each, in one batch (type, priority, due time, assignee for all).
 */
import {
  BUTTON,
  TaskEndpoints as E,
  OnlineStatus,
  PENDING_REASON_LABELS,
  type PendingDevice,
  TASK_PRIORITY_LABELS,
  TASK_TYPE_LABELS,
  type TaskBatchBody,
} from '@storefleet/contracts';
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Space, Tag, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '@/shared/api/useCallMutation';
import { useLang } from '@/shared/i18n/useLang';
import { type FilterSpec, type ListColumns, ListFilterForm, ListTable, useListPage } from '@/shared/list';
import { Access } from '@/shared/permissions/Access';
import { AssigneeSelect } from './AssigneeSelect';
import { labelOptions } from './TaskTags';
import { useAssignees } from './useAssignees';
import { useTaskPlaces } from './useTaskPlaces';

const FILTERS = {
  reason: 'text',
  areaId: 'text',
  shopId: 'text',
  keyword: 'text',
} as const satisfies FilterSpec;
const num = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
const toForm = (f: Record<string, unknown>) => ({ ...f, areaId: num(f.areaId), shopId: num(f.shopId) });

interface BatchValues {
  type?: TaskBatchBody['type'];
  priority?: TaskBatchBody['priority'];
  dueTime?: Dayjs | null;
  assigneeId?: number | null;
}

export default function PendingDevicesPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const places = useTaskPlaces();
  const assignees = useAssignees();
  const list = useListPage({ endpoint: E.pendingDevices, filters: FILTERS, rowKey: 'deviceId' });
  const [selected, setSelected] = useState<number[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const [form] = Form.useForm<BatchValues>();
  const batch = useCallMutation(E.batchCreateTasks, {
    input: (body: TaskBatchBody) => ({ body }),
    successMessage: (result) => t('task.createdBatch', { count: result.created.length }),
  });

  const columns = useMemo<ListColumns<PendingDevice>>(
    () => [
      {
        key: 'deviceName',
        title: t('task.column.device'),
        width: 200,
        render: (_: unknown, row) => <span data-cell>{row.deviceName}</span>,
      },
      { key: 'storeName', dataIndex: 'storeName', title: t('task.column.store'), width: 180 },
      {
        key: 'reason',
        title: t('task.column.reason'),
        width: 140,
        render: (_: unknown, row) => (
          <Tag
            color={row.reason === 'offline' || row.reason === 'faulty' ? 'error' : 'warning'}
            data-testid={`pending-reason-${row.deviceId}`}
          >
            {PENDING_REASON_LABELS[row.reason][lang]}
          </Tag>
        ),
      },
      {
        key: 'suggestedType',
        title: t('task.column.suggestedType'),
        width: 130,
        render: (_: unknown, row) => TASK_TYPE_LABELS[row.suggestedType][lang],
      },
      {
        key: 'online',
        title: t('task.column.online'),
        width: 100,
        render: (_: unknown, row) => (
          <Tag color={row.onlineStatus === OnlineStatus.ONLINE ? 'success' : 'error'}>
            {row.onlineStatus === OnlineStatus.ONLINE ? t('task.online') : t('task.offline')}
          </Tag>
        ),
      },
      {
        key: 'offlineSince',
        title: t('task.column.offlineSince'),
        width: 170,
        render: (_: unknown, row) => row.offlineSince ?? '-',
      },
    ],
    [t, lang],
  );

  const submitBatch = async () => {
    const values = await form.validateFields();
    await batch
      .mutateAsync({
        deviceIds: selected,
        ...(values.type ? { type: values.type } : {}),
        priority: values.priority ?? 'normal',
        dueTime: values.dueTime ? values.dueTime.format('YYYY-MM-DD HH:mm:ss') : null,
        assigneeId: values.assigneeId ?? null,
      })
      .then(
        () => {
          setSelected([]);
          setBatchOpen(false);
        },
        () => undefined,
      );
  };

  const select = { allowClear: true, placeholder: t('common.pleaseSelect') };
  return (
    <div data-testid="pending-devices">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('task.pending.intro')} />
      <ListFilterForm list={list} toFormValues={toForm}>
        <Form.Item name="keyword" label={t('task.column.device')}>
          <Input allowClear data-testid="pending-filter-keyword" />
        </Form.Item>
        <Form.Item name="reason" label={t('task.filter.reason')}>
          <Select
            {...select}
            options={labelOptions(PENDING_REASON_LABELS, lang)}
            data-testid="pending-filter-reason"
          />
        </Form.Item>
        <Form.Item name="areaId" label={t('task.filter.region')}>
          <TreeSelect {...select} treeData={places.regions} treeNodeFilterProp="title" showSearch />
        </Form.Item>
        <Form.Item name="shopId" label={t('task.filter.store')}>
          <Select {...select} showSearch optionFilterProp="label" options={places.stores} />
        </Form.Item>
      </ListFilterForm>
      <Space style={{ marginBottom: 16 }}>
        <Access codes={[BUTTON.taskAdd]}>
          <Button
            type="primary"
            disabled={selected.length === 0}
            title={selected.length === 0 ? t('task.pending.chooseFirst') : undefined}
            onClick={() => {
              form.resetFields();
              setBatchOpen(true);
            }}
            data-testid="pending-batch"
          >
            {t('task.action.batchCreate', { count: selected.length })}
          </Button>
        </Access>
      </Space>
      <ListTable<PendingDevice>
        {...list.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 960 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        data-testid="pending-table"
      />
      <Modal
        open={batchOpen}
        title={t('task.pending.batchTitle')}
        okText={t('task.advance.submit')}
        confirmLoading={batch.isPending}
        onOk={() => void submitBatch().catch(() => undefined)}
        onCancel={() => setBatchOpen(false)}
        okButtonProps={{ 'data-testid': 'pending-batch-ok' } as Record<string, string>}
      >
        <Form<BatchValues> form={form} layout="vertical" initialValues={{ priority: 'normal' }}>
          <Form.Item name="type" label={t('task.form.type')} extra={t('task.pending.typeHint')}>
            <Select {...select} options={labelOptions(TASK_TYPE_LABELS, lang)} />
          </Form.Item>
          <Form.Item name="priority" label={t('task.form.priority')}>
            <Select options={labelOptions(TASK_PRIORITY_LABELS, lang)} />
          </Form.Item>
          <Form.Item name="dueTime" label={t('task.form.dueTime')}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" />
          </Form.Item>
          <Form.Item name="assigneeId" label={t('task.form.assignee')} extra={t('task.form.assigneeHint')}>
            <AssigneeSelect {...select} assignees={assignees} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
