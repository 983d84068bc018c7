import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { enUSModules } from '../../locales/en-US';
import { zhCNModules } from '../../locales/zh-CN';
import { LANGUAGE_STORAGE_KEY, type LanguageCode, pickLanguage } from './languages';

const flatten = (modules: Record<string, Record<string, string>>) =>
  Object.assign({}, ...Object.values(modules));

/** The console's i18next instance; keys are flat dotted strings (`menu.device`), not nested objects. */
export const i18n = i18next.createInstance();

const DAYJS_LOCALE: Record<LanguageCode, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };

function applyToDocument(code: LanguageCode): void {
  document.documentElement.lang = code;
  dayjs.locale(DAYJS_LOCALE[code]);
}

/** Starts i18n in the remembered language (Simplified Chinese by default). */
export async function initI18n(): Promise<void> {
  const language = pickLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  await i18n.use(initReactI18next).init({
    resources: {
      'zh-CN': { translation: flatten(zhCNModules) },
      'en-US': { translation: flatten(enUSModules) },
    },
    lng: language,
    // zh-TW has no texts of its own yet; it reads the Simplified Chinese ones.
    fallbackLng: { 'zh-TW': ['zh-CN'], default: ['zh-CN'] },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(language);
}

/** Switches language and remembers the choice. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await i18n.changeLanguage(code);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  applyToDocument(code);
}

/** The active language as one of ours (i18next may report a fallback chain entry). */
export function currentLanguage(): LanguageCode {
  return pickLanguageOrDefined(i18n.resolvedLanguage ?? i18n.language);
}

function pickLanguageOrDefined(code: string | undefined): LanguageCode {
  return code === 'en-US' || code === 'zh-TW' ? code : 'zh-CN';
}
