/**
 * The stage-change dialog of the task pages: a note and photos (the logo's upload rules; "Please wait
 * uploading" until every photo is up), then `task/advance`, or `task/cancel` (note required).
 */
import { PlusOutlined } from '@ant-design/icons';
import {
  TaskEndpoints as E,
  TASK_LIMITS,
  TASK_STAGE_LABELS,
  type Task,
  type TaskPhotoUploadResult,
} from '@storefleet/contracts';
import { App, Form, Input, Modal, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { logoFileProblem } from '@/shared/files/logo-submit';
import { useLang } from '@/shared/i18n/useLang';
import { TARGET_STAGE, type TaskAction } from './task-actions';
import { photoUrlsOf } from './task-photos';

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

export interface AdvanceRequest {
  task: Pick<Task, 'id' | 'title'>;
  action: TaskAction;
}

export function AdvanceDialog({ request, onDone }: { request: AdvanceRequest | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note?: string }>();
  const [files, setFiles] = useState<UploadFile<TaskPhotoUploadResult>[]>([]);
  const advance = useCallMutation(E.advanceTask, {
    input: (body: { id: number; stage: Task['stage']; note: string; photos: string[] }) => ({ body }),
    successMessage: (_r, v) => t('task.advanced', { stage: TASK_STAGE_LABELS[v.stage][lang] }),
  });
  const cancel = useCallMutation(E.cancelTask, {
    input: (body: { id: number; note: string }) => ({ body }),
    successMessage: t('task.cancelled'),
  });
  const open = request !== null;
  useEffect(() => {
    if (open) {
      form.resetFields();
      setFiles([]);
    }
  }, [open, form]);

  const cancelling = request?.action === 'cancel';
  const submit = async () => {
    if (!request) return;
    const { note = '' } = await form.validateFields();
    const photos = photoUrlsOf(files);
    if (photos === null) {
      void message.error(t('task.advance.pleaseWaitUploading'));
      return;
    }
    try {
      if (cancelling) await cancel.mutateAsync({ id: request.task.id, note });
      else
        await advance.mutateAsync({
          id: request.task.id,
          stage: TARGET_STAGE[request.action],
          note,
          photos,
        });
      onDone();
    } catch {
      // The request client has shown the refusal; the dialog stays open to correct it.
    }
  };

  return (
    <Modal
      open={open}
      title={
        request
          ? t('task.advance.title', { action: t(`task.action.${request.action}`), task: request.task.title })
          : null
      }
      okText={t('task.advance.submit')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={advance.isPending || cancel.isPending}
      onCancel={onDone}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'task-advance-submit' } as Record<string, string>}
      data-testid="task-advance-dialog"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={t('task.advance.note')}
          rules={
            cancelling ? [{ required: true, whitespace: true, message: t('task.advance.noteRequired') }] : []
          }
        >
          <Input.TextArea
            rows={3}
            maxLength={TASK_LIMITS.noteMax}
            showCount
            data-testid="task-advance-note"
          />
        </Form.Item>
        {cancelling ? null : (
          <Form.Item label={t('task.advance.photos')} extra={t('task.advance.photosHint')}>
            <Upload<TaskPhotoUploadResult>
              accept={ACCEPT}
              listType="picture-card"
              maxCount={TASK_LIMITS.photosMax}
              multiple
              fileList={files}
              onChange={({ fileList }) => setFiles(fileList)}
              showUploadList={{ showPreviewIcon: false }}
              beforeUpload={(file) => {
                const problem = logoFileProblem(file);
                if (problem) {
                  void message.error(t(`task.advance.${problem}`));
                  return Upload.LIST_IGNORE;
                }
                return true;
              }}
              customRequest={({ file, onSuccess, onError }) => {
                const body = new FormData();
                body.append('file', file as Blob, typeof file === 'string' ? 'photo' : (file as File).name);
                api(E.uploadTaskPhoto, { body }).then(
                  (result) => onSuccess?.(result),
                  (error: unknown) =>
                    onError?.(error instanceof Error ? error : new Error(t('task.advance.uploadFailed'))),
                );
              }}
              data-testid="task-advance-photos"
            >
              {files.length < TASK_LIMITS.photosMax ? (
                <div>
                  <PlusOutlined />
                  <div style={{ marginTop: 8 }}>{t('task.advance.upload')}</div>
                </div>
              ) : null}
            </Upload>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
