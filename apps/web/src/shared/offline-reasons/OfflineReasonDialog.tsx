import { OfflineReasonEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../api/call';
import { useCallMutation } from '../api/useCallMutation';
import { useLang } from '../i18n/useLang';

/** What the dialog opens with: the device, and a proposed drop time (the alert time, the last offline time). */
export interface OfflineReasonTarget {
  deviceId: number;
  deviceName?: string | null;
  /** `YYYY-MM-DD HH:mm:ss`, or null for now. */
  dropTime?: string | null;
}

interface Values {
  createTime: Dayjs;
  reasonTypeCode: string;
  reason: string;
  treatmentMethod?: string;
  createBy?: string;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Records why a device went offline (spec §7 saveOrUpdateDeviceOfflineReason, one record). */
export function OfflineReasonDialog({
  target,
  onDone,
}: {
  target: OfflineReasonTarget | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { english } = useLang();
  const [form] = Form.useForm<Values>();
  const types = useQuery({
    ...apiQuery(E.getDeviceOfflineReasonTypeList, { query: {} }),
    enabled: target !== null,
  });
  const save = useCallMutation(E.saveOrUpdateDeviceOfflineReason, {
    input: (body: Parameters<typeof toBody>[1] & { deviceId: number }) => ({
      body: [toBody(body.deviceId, body)],
    }),
    successMessage: t('health.offlineReason.saved'),
  });
  useEffect(() => {
    if (target)
      form.setFieldsValue({
        createTime: target.dropTime ? dayjs(target.dropTime, FORMAT) : dayjs(),
        reasonTypeCode: undefined,
      });
  }, [target, form]);
  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields();
    await save.mutateAsync({ ...values, deviceId: target.deviceId }).then(
      () => {
        form.resetFields();
        onDone();
      },
      () => undefined,
    );
  };
  return (
    <Modal
      open={target !== null}
      title={t('health.offlineReason.title', { name: target?.deviceName ?? target?.deviceId ?? '' })}
      okText={t('health.offlineReason.save')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onDone}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'offline-reason-ok' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" data-testid="offline-reason-form">
        <Form.Item
          name="createTime"
          label={t('health.offlineReason.dropTime')}
          rules={[{ required: true, message: t('health.offlineReason.required') }]}
        >
          <DatePicker
            showTime
            format={FORMAT}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item
          name="reasonTypeCode"
          label={t('health.offlineReason.type')}
          rules={[{ required: true, message: t('health.offlineReason.required') }]}
        >
          <Select
            data-testid="offline-reason-type"
            loading={types.isFetching}
            options={(types.data ?? []).map((type) => ({
              value: type.code,
              label: english ? type.nameEn : type.name,
            }))}
            placeholder={t('common.pleaseSelect')}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('health.offlineReason.reason')}
          rules={[{ required: true, whitespace: true, message: t('health.offlineReason.required') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="offline-reason-reason" />
        </Form.Item>
        <Form.Item name="treatmentMethod" label={t('health.offlineReason.treatment')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="createBy"
          label={t('health.offlineReason.handler')}
          extra={t('health.offlineReason.handlerHint')}
        >
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function toBody(deviceId: number, v: Values) {
  return {
    deviceId,
    createTime: v.createTime.format(FORMAT),
    reasonTypeCode: v.reasonTypeCode,
    reason: v.reason,
    treatmentMethod: v.treatmentMethod ?? '',
    createBy: v.createBy ?? '',
  };
}
