import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { type LanguageCode, OFFERED_LANGUAGES } from '../i18n/languages';
import { PopupMenu } from './PopupMenu';

/**
 * Offers the languages of spec §1 (Simplified Chinese, English), each named in its own language.
 * A small list of its own (`PopupMenu`) rather than antd's `Dropdown` and `Menu`: the switcher is on the
 * sign-in page, and those two are ≈ 10 KB gzipped of start-up (docs/decisions/web.md "What loads when").
 * The list looks like antd's dropdown menu and closes on a pick, a click elsewhere or Escape.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const active = currentLanguage();
  const activeName = OFFERED_LANGUAGES.find((l) => l.code === active)?.nativeName ?? active;

  return (
    <PopupMenu
      align="left"
      selectedKey={active}
      items={OFFERED_LANGUAGES.map((l) => ({
        key: l.code,
        label: <span data-testid={`language-option-${l.code}`}>{l.nativeName}</span>,
      }))}
      onPick={(code) => {
        if (code !== active) void changeLanguage(code as LanguageCode);
      }}
      trigger={(props) => (
        <Button
          type="text"
          icon={<GlobalOutlined />}
          aria-label={t('shell.language')}
          data-testid="language-switcher"
          {...props}
        >
          {activeName}
        </Button>
      )}
    />
  );
}
