import type { Lang } from '@storefleet/contracts';
import { useTranslation } from 'react-i18next';

/** The language of contract labels (`Label.zh` / `Label.en`) for an i18next language code. */
export function langOf(language: string | undefined): Lang {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/**
 * The console's current language as the contracts name it: `lang` picks enum labels
 * (`DeviceState.options(lang)`), `english` is the rare yes/no a page needs.
 */
export function useLang(): { lang: Lang; english: boolean } {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return { lang, english: lang === 'en' };
}
