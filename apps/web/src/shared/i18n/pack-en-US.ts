import antd from 'antd/locale/en_US';

import { enUSModules } from '@/locales/en-US';
import { flattenModules, type LanguagePack } from './language-pack';

/** dayjs speaks English without a locale file. */
export const pack: LanguagePack = {
  textsLanguage: 'en-US',
  texts: flattenModules(enUSModules),
  antd,
  dayjs: 'en',
};
