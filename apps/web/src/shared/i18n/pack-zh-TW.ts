import 'dayjs/locale/zh-tw';

import antd from 'antd/locale/zh_TW';

import { zhCNModules } from '@/locales/zh-CN';
import { flattenModules, type LanguagePack } from './language-pack';

/** zh-TW has no texts of its own yet: it reads the Simplified Chinese ones (i18next falls back to zh-CN). */
export const pack: LanguagePack = {
  textsLanguage: 'zh-CN',
  texts: flattenModules(zhCNModules),
  antd,
  dayjs: 'zh-tw',
};
