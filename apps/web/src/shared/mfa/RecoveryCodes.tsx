import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { useAppApi } from '../app/app-api';
import { saveBlob } from '../files/save-blob';

/** The recovery codes of a confirmed enrolment, shown once: to copy or download as a text file. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const { message } = useAppApi();
  const text = `${codes.join('\n')}\n`;

  const download = () => saveBlob(new Blob([text], { type: 'text/plain' }), 'storefleet-recovery-codes.txt');

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('mfa.recovery.title')}
      </Typography.Title>
      <Alert type="warning" showIcon message={t('mfa.recovery.hint')} />
      <pre data-testid="mfa-recovery-codes" style={{ columns: 2, margin: 0, fontSize: 15 }}>
        {text}
      </pre>
      <Space>
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            void navigator.clipboard.writeText(text).then(() => message.success(t('mfa.recovery.copied')))
          }
        >
          {t('mfa.recovery.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('mfa.recovery.download')}
        </Button>
      </Space>
    </Space>
  );
}
