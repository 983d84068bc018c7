import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { type LanguagePack, loadLanguagePack } from './language-pack';
import { LANGUAGE_STORAGE_KEY, type LanguageCode, pickLanguage } from './languages';

/** The console's i18next instance; keys are flat dotted strings (`menu.device`), not nested objects. */
export const i18n = i18next.createInstance();

/** antd's texts for the active language (set with the language, before i18next re-renders the app). */
let antdLocale: Locale | undefined;

function apply(code: LanguageCode, pack: LanguagePack): void {
  document.documentElement.lang = code;
  dayjs.locale(pack.dayjs);
  antdLocale = pack.antd;
}

/** Loads a language's pack (its own chunk) and hands its texts to i18next once. */
async function loadLanguage(code: LanguageCode): Promise<LanguagePack> {
  const pack = await loadLanguagePack(code);
  if (i18n.isInitialized && !i18n.hasResourceBundle(pack.textsLanguage, 'translation')) {
    i18n.addResourceBundle(pack.textsLanguage, 'translation', pack.texts);
  }
  return pack;
}

/** Starts i18n in the remembered language (Simplified Chinese by default), loading only that language. */
export async function initI18n(): Promise<void> {
  const language = pickLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  const pack = await loadLanguage(language);
  await i18n.use(initReactI18next).init({
    resources: { [pack.textsLanguage]: { translation: pack.texts } },
    lng: language,
    // zh-TW has no texts of its own yet; it reads the Simplified Chinese ones. Every language has every
    // key (locales.test.ts), so the other fallbacks never show and their texts need not be loaded.
    fallbackLng: { 'zh-TW': ['zh-CN'], default: ['zh-CN'] },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  apply(language, pack);
}

/** Switches language (loading its texts first) and remembers the choice. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  const pack = await loadLanguage(code);
  apply(code, pack);
  await i18n.changeLanguage(code);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
}

/** The active language as one of ours (i18next may report a fallback chain entry). */
export function currentLanguage(): LanguageCode {
  return pickLanguageOrDefined(i18n.resolvedLanguage ?? i18n.language);
}

/** antd's texts for the active language; undefined only before `initI18n` has finished. */
export function currentAntdLocale(): Locale | undefined {
  return antdLocale;
}

function pickLanguageOrDefined(code: string | undefined): LanguageCode {
  return code === 'en-US' || code === 'zh-TW' ? code : 'zh-CN';
}
