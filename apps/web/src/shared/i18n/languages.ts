/** A console language. `offered` languages appear in the switcher; zh-TW is defined but not offered (spec §1). */
export interface LanguageDef {
  code: LanguageCode;
  /** The language's own name: shown the same whatever language is active. */
  nativeName: string;
  offered: boolean;
}

export type LanguageCode = 'zh-CN' | 'en-US' | 'zh-TW';

export const LANGUAGES: readonly LanguageDef[] = [
  { code: 'zh-CN', nativeName: '简体中文', offered: true },
  { code: 'en-US', nativeName: 'English', offered: true },
  { code: 'zh-TW', nativeName: '繁體中文', offered: false },
];

export const DEFAULT_LANGUAGE: LanguageCode = 'zh-CN';
export const LANGUAGE_STORAGE_KEY = 'storefleet.language';

export const OFFERED_LANGUAGES = LANGUAGES.filter((l) => l.offered);

/** The remembered language if it is still offered, otherwise Simplified Chinese. */
export function pickLanguage(stored: string | null): LanguageCode {
  return OFFERED_LANGUAGES.find((l) => l.code === stored)?.code ?? DEFAULT_LANGUAGE;
}
