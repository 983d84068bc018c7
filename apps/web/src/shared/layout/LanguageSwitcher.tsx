import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { OFFERED_LANGUAGES } from '../i18n/languages';

/** Offers the languages of spec §1 (Simplified Chinese, English), each named in its own language. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const active = currentLanguage();
  const activeName = OFFERED_LANGUAGES.find((l) => l.code === active)?.nativeName ?? active;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: OFFERED_LANGUAGES.map((l) => ({
          key: l.code,
          label: <span data-testid={`language-option-${l.code}`}>{l.nativeName}</span>,
        })),
        onClick: ({ key }) => {
          const picked = OFFERED_LANGUAGES.find((l) => l.code === key);
          if (picked) void changeLanguage(picked.code);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('shell.language')}
        data-testid="language-switcher"
      >
        {activeName}
      </Button>
    </Dropdown>
  );
}
