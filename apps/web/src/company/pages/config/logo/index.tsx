/** Company logo: upload with preview, then save it as the company's header logo. */
import { PlusOutlined } from '@ant-design/icons';
import { BUTTON, LogoEndpoints, type LogoUploadResult } from '@storefleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Image, Space, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, endpointKey } from '@/shared/api/call';
import { logoFileProblem, logoSubmitState } from '@/shared/files/logo-submit';
import { companyLogoQuery, useLogoImage } from '@/shared/layout/useCompanyLogo';
import { Access } from '@/shared/permissions/Access';
import { useSession } from '@/shared/session/useSession';

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

export default function LogoSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<UploadFile<LogoUploadResult>[]>([]);
  const companyId = Number(session?.companyId ?? Object.keys(session?.result.companyMap ?? {})[0] ?? 0);

  const logo = useQuery(companyLogoQuery(session));
  const currentSrc = useLogoImage(logo.data?.imgUrl);
  const lastDone = [...files].reverse().find((f) => f.status === 'done');
  const previewSrc = useLogoImage(lastDone?.response?.url);

  const save = useMutation({
    mutationFn: (imgUrl: string) => {
      const existing = logo.data;
      return existing
        ? api(LogoEndpoints.updateLogImg, {
            body: { id: existing.id, companyId: existing.companyId, imgUrl },
          })
        : api(LogoEndpoints.insertLogImg, { body: { id: companyId, imgUrl } });
    },
    onSuccess: async () => {
      void message.success(t('logo.saved'));
      setFiles([]);
      await queryClient.invalidateQueries({ queryKey: endpointKey(LogoEndpoints.queryLogImg) });
    },
  });

  const onSubmit = () => {
    const state = logoSubmitState(files);
    if (state.kind === 'pending') {
      void message.error(t('logo.pleaseWaitUploading'));
      return;
    }
    save.mutate(state.imgUrl);
  };

  return (
    <Card title={t('logo.title')} data-testid="logo-settings">
      <Typography.Paragraph type="secondary">{t('logo.intro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('logo.current')}>
          {currentSrc ? (
            <Image src={currentSrc} alt={t('logo.current')} height={64} data-testid="logo-current" />
          ) : (
            <Typography.Text type="secondary" data-testid="logo-none">
              {t('logo.none')}
            </Typography.Text>
          )}
        </Form.Item>
        <Form.Item label={t('logo.image')} extra={t('logo.hint')}>
          <Upload<LogoUploadResult>
            accept={ACCEPT}
            listType="picture-card"
            maxCount={1}
            fileList={files}
            onChange={({ fileList }) => setFiles(fileList)}
            showUploadList={{ showPreviewIcon: false }}
            beforeUpload={(file) => {
              const problem = logoFileProblem(file);
              if (problem) {
                void message.error(t(`logo.${problem}`));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              const form = new FormData();
              form.append('file', file as Blob, typeof file === 'string' ? 'logo' : (file as File).name);
              api(LogoEndpoints.upload, { body: form }).then(
                (result) => onSuccess?.(result),
                (error: unknown) =>
                  onError?.(error instanceof Error ? error : new Error(t('logo.uploadFailed'))),
              );
            }}
            data-testid="logo-upload"
          >
            {files.length === 0 ? (
              <div>
                <PlusOutlined />
                <div style={{ marginTop: 8 }}>{t('logo.upload')}</div>
              </div>
            ) : null}
          </Upload>
        </Form.Item>
        {previewSrc ? (
          <Form.Item label={t('logo.preview')}>
            <img
              src={previewSrc}
              alt={t('logo.preview')}
              data-testid="logo-preview"
              style={{ maxHeight: 40, maxWidth: 200, objectFit: 'contain' }}
            />
          </Form.Item>
        ) : null}
        <Space>
          <Access codes={[BUTTON.logoUpdate]}>
            <Button type="primary" onClick={onSubmit} loading={save.isPending} data-testid="logo-submit">
              {t('logo.submit')}
            </Button>
          </Access>
        </Space>
      </Form>
    </Card>
  );
}
