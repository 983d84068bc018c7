import type { Locale } from 'antd/es/locale';

import type { LanguageCode } from './languages';

/**
 * Everything one language needs: the console's texts, antd's own texts and the dayjs locale. Each
 * language is its own chunk, loaded when it is chosen (at start-up, or from the switcher), so a page
 * never downloads the texts of a language it does not show.
 */
export interface LanguagePack {
  /** The i18next language the texts are stored under (zh-TW reads the Simplified Chinese texts). */
  textsLanguage: LanguageCode;
  texts: Record<string, string>;
  antd: Locale;
  /** The dayjs locale name; the pack module has registered it with dayjs. */
  dayjs: string;
}

/** Flat dotted keys (`menu.device`) from a language's module files. */
export function flattenModules(modules: Record<string, Record<string, string>>): Record<string, string> {
  return Object.assign({}, ...Object.values(modules));
}

const LOADERS: Record<LanguageCode, () => Promise<LanguagePack>> = {
  'zh-CN': () => import('./pack-zh-CN').then((m) => m.pack),
  'en-US': () => import('./pack-en-US').then((m) => m.pack),
  'zh-TW': () => import('./pack-zh-TW').then((m) => m.pack),
};

export function loadLanguagePack(code: LanguageCode): Promise<LanguagePack> {
  return LOADERS[code]();
}
