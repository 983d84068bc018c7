/**
 * Upload an agent version (admin console, hidden page): number, notes and the package file. The upload
 * shows its progress and "please wait, uploading" until the server has stored it and computed its
 * SHA-256; a file over the limit is refused before anything is sent.
 */
import { UploadOutlined } from '@ant-design/icons';
import { VERSION_LIMITS, type Version, VersionEndpoints } from '@storefleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Progress, Space, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { api, moduleKey } from '@/shared/api/call';
import { useAppApi } from '@/shared/app/app-api';
import { formatBytes } from '@/shared/format/units';

interface Values {
  number: string;
  notes?: string;
}

export default function NewAgentVersionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = useAppApi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const limit = formatBytes(VERSION_LIMITS.maxBytes);
  const upload = useMutation({
    mutationFn: (values: Values) => {
      const body = new FormData();
      body.append('number', values.number.trim());
      body.append('notes', values.notes ?? '');
      body.append('file', file?.originFileObj as Blob, file?.name ?? 'package');
      setPercent(0);
      return api(
        VersionEndpoints.versionUpload,
        { body },
        { onUploadProgress: (f) => setPercent(Math.round(f * 100)) },
      );
    },
    onSettled: () => setPercent(null),
    onSuccess: async (version: Version) => {
      void message.success(
        t('version.uploaded', { number: version.number, sha: version.sha256.slice(0, 12) }),
      );
      await queryClient.invalidateQueries({ queryKey: moduleKey(VersionEndpoints.versionList) });
      await navigate('../index.html', { relative: 'path' });
    },
  });

  return (
    <Card title={t('menu.agentVersion.new')}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        disabled={upload.isPending}
        onFinish={(values) => {
          if (!file) {
            void message.error(t('version.form.fileRequired'));
            return;
          }
          upload.mutate(values);
        }}
      >
        <Form.Item
          name="number"
          label={t('version.form.number')}
          extra={t('version.form.numberHint')}
          rules={[
            { required: true, whitespace: true, message: t('version.form.numberRequired') },
            { pattern: VERSION_LIMITS.numberPattern, message: t('version.form.numberInvalid') },
          ]}
        >
          <Input maxLength={32} data-testid="version-number" />
        </Form.Item>
        <Form.Item name="notes" label={t('version.form.notes')}>
          <Input.TextArea
            rows={4}
            maxLength={VERSION_LIMITS.maxNotes}
            showCount
            data-testid="version-notes"
          />
        </Form.Item>
        <Form.Item
          label={t('version.form.file')}
          extra={t('version.form.fileHint', { size: limit })}
          required
        >
          <Upload
            maxCount={1}
            fileList={file ? [file] : []}
            beforeUpload={(picked) => {
              if (picked.size > VERSION_LIMITS.maxBytes) {
                void message.error(t('version.form.fileTooBig', { size: limit }));
                return Upload.LIST_IGNORE;
              }
              setFile({ uid: picked.uid, name: picked.name, size: picked.size, originFileObj: picked });
              return false;
            }}
            onRemove={() => setFile(null)}
            data-testid="version-file"
          >
            <Button icon={<UploadOutlined />}>{t('version.form.pick')}</Button>
          </Upload>
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%' }}>
          {percent !== null ? (
            <>
              <Alert
                type="info"
                showIcon
                message={t('version.uploading', { percent })}
                data-testid="version-uploading"
              />
              <Progress percent={percent} />
            </>
          ) : null}
          <Button type="primary" htmlType="submit" loading={upload.isPending} data-testid="version-submit">
            {t('version.form.submit')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
