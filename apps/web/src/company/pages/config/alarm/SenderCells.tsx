/** How a recipient's parts read on the list and details pages (names and addresses are data cells). */
import { type AlertSender, SendType } from '@storefleet/contracts';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlertLevelTag } from '@/shared/alerts/AlertLevelTag';
import { useLang } from '@/shared/i18n/useLang';
import { contactOf } from './sender-values';

/** The recipient's name and whether it is a user or an outside contact. */
export function SenderName({ sender }: { sender: AlertSender }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Typography.Text data-cell data-testid={`alert-sender-name-${sender.id}`}>
        {sender.name}
      </Typography.Text>
      <Tag>{sender.accountId === null ? t('alertSenders.kind.contact') : t('alertSenders.kind.user')}</Tag>
    </Space>
  );
}

/** An address: its own, else the user's (marked so), else a dash. */
export function SenderContact({ own, fromUser }: { own: string | null; fromUser: string | null }) {
  const { t } = useTranslation();
  const contact = contactOf(own, fromUser);
  if (!contact) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <span>
      <span data-cell>{contact.text}</span>
      {contact.fromUser && <Typography.Text type="secondary"> {t('alertSenders.fromUser')}</Typography.Text>}
    </span>
  );
}

export function SendTypeTags({ types }: { types: readonly number[] }) {
  const { lang } = useLang();
  return (
    <>
      {types.map((type) => (
        <Tag key={type} color="blue">
          {SendType.has(type) ? SendType.labelOf(type, lang) : String(type)}
        </Tag>
      ))}
    </>
  );
}

/** The language its messages are worded in, named in the console's language. */
export function SenderLanguage({ sender }: { sender: AlertSender }) {
  const { t } = useTranslation();
  return (
    <Tag data-testid={`alert-sender-language-${sender.id}`}>
      {t(`alertSenders.language.${sender.language}`)}
    </Tag>
  );
}

export function MinLevel({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <AlertLevelTag level={level} />
      <span>{t('alertSenders.andAbove')}</span>
    </Space>
  );
}

/** The regions and stores it covers, names as data. */
export function SenderCoverage({ sender }: { sender: AlertSender }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={2}>
      {sender.areas.length > 0 && (
        <span>
          {t('alertSenders.field.regions')}:{' '}
          <span data-cell>{sender.areas.map((a) => a.areaName).join('、')}</span>
        </span>
      )}
      {sender.shops.length > 0 && (
        <span>
          {t('alertSenders.field.stores')}:{' '}
          <span data-cell>{sender.shops.map((s) => s.shopName).join('、')}</span>
        </span>
      )}
    </Space>
  );
}
