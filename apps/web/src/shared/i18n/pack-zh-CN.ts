import 'dayjs/locale/zh-cn';

import antd from 'antd/locale/zh_CN';

import { zhCNModules } from '@/locales/zh-CN';
import { flattenModules, type LanguagePack } from './language-pack';

export const pack: LanguagePack = {
  textsLanguage: 'zh-CN',
  texts: flattenModules(zhCNModules),
  antd,
  dayjs: 'zh-cn',
};
