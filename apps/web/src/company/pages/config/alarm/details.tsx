/** /config/alarm/details.html?id=: one alert recipient, read through querySender?id=. */
import { BUTTON } from '@storefleet/contracts';
import { Button, Descriptions, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useIdParam } from '@/shared/form';
import { Access } from '@/shared/permissions/Access';
import {
  MinLevel,
  SenderContact,
  SenderCoverage,
  SenderLanguage,
  SenderName,
  SendTypeTags,
} from './SenderCells';
import { SENDER_LIST } from './sender-values';
import { useSender } from './useSender';

export default function AlertSenderDetailsPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const sender = useSender(id);
  if (id === null || sender.isError || sender.data === null) {
    return <Result status="404" title={t('alertSenders.notFound')} data-testid="alert-sender-not-found" />;
  }
  const row = sender.data;
  if (!row) return <Spin />;
  return (
    <div data-testid="alert-sender-details">
      <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
        <Descriptions.Item label={t('alertSenders.field.name')}>
          <SenderName sender={row} />
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.field.sendType')}>
          <SendTypeTags types={row.sendType} />
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.field.email')}>
          <SenderContact own={row.email} fromUser={row.userEmail} />
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.field.phone')}>
          <SenderContact own={row.phone} fromUser={row.userPhone} />
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.field.minLevel')}>
          <MinLevel level={row.minLevel} />
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.field.language')}>
          <SenderLanguage sender={row} />
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.field.coverage')}>
          <SenderCoverage sender={row} />
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.details.createdBy')}>
          <span data-cell>{row.createBy ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.details.createTime')}>{row.createTime}</Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.details.updatedBy')}>
          <span data-cell>{row.updateBy ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('alertSenders.field.updateTime')}>{row.updateTime}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginTop: 16 }}>
        <Link to={SENDER_LIST}>
          <Button>{t('alertSenders.details.back')}</Button>
        </Link>
        <Access codes={[BUTTON.alertSenderEdit]}>
          <Link to={`/config/alarm/update.html?id=${row.id}`}>
            <Button type="primary" data-testid="alert-sender-details-edit">
              {t('alertSenders.action.edit')}
            </Button>
          </Link>
        </Access>
      </Space>
    </div>
  );
}
