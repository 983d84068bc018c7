import { AlertRecordEndpoints as E } from '@storefleet/contracts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

import { useCallMutation } from '@/shared/api/useCallMutation';

export interface AckDialogProps {
  /** The record being acknowledged; null: closed. */
  recordId: number | null;
  onDone: () => void;
}

/** Acknowledge an alert record with an optional note (who and when are recorded by the server). */
export function AckDialog({ recordId, onDone }: AckDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const ack = useCallMutation(E.acknowledgeAlertRecord, {
    input: ({ id, note }: { id: number; note: string }) => ({ params: { id }, body: { note } }),
    successMessage: t('alerts.message.acknowledged'),
  });
  const submit = async () => {
    if (recordId === null) return;
    const { note } = await form.validateFields();
    // A refusal was reported by the request client; the dialog stays open.
    await ack.mutateAsync({ id: recordId, note: note ?? '' }).then(
      () => {
        form.resetFields();
        onDone();
      },
      () => undefined,
    );
  };
  return (
    <Modal
      open={recordId !== null}
      title={t('alerts.ack.title')}
      okText={t('alerts.action.acknowledge')}
      confirmLoading={ack.isPending}
      onOk={() => void submit()}
      onCancel={onDone}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'alert-ack-ok' } as Record<string, string>}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={t('alerts.ack.note')}
          rules={[{ max: 500, message: t('alerts.ack.noteTooLong') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="alert-ack-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
