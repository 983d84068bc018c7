/**
 * Field messages the server words itself in English beside the schemas' (device rules, import rows,
 * spreadsheet cells), with their Chinese: `invalidFields` reads every plain-string field message
 * through these and the contracts' SCHEMA_PHRASES, so a rule written once reads in both languages.
 */
import { type Label, type Phrase, phraseLabel, SCHEMA_PHRASES } from '@storefleet/contracts';

const LEVEL_ZH: Record<string, string> = { region: '大区', province: '省份', city: '城市' };

export const SERVER_PHRASES: readonly Phrase[] = [
  [
    /^must be the (region|province|city) of store (.+) \((.+)\)$/,
    (what, store, actual) =>
      `必须是门店 ${store} 的${LEVEL_ZH[what]}（${actual === 'none' ? '无' : actual}）`,
  ],
  [/^must be empty for a box$/, () => '盒子不能有上级设备'],
  [/^must be a box of the same store$/, () => '必须是同一门店的盒子'],
  [/^has no worksheet$/, () => '没有工作表'],
  [/^must be a value, not a formula$/, () => '必须是值，不能是公式'],
  [/^holds an Excel error value$/, () => '含有 Excel 错误值'],
  [/^has a value that is not text or a number$/, () => '含有既不是文本也不是数字的值'],
];

const ALL: readonly Phrase[] = [...SERVER_PHRASES, ...SCHEMA_PHRASES];

/** An English field message in both languages (unchanged where no phrase matches). */
export function fieldMessageLabel(en: string): Label {
  return phraseLabel(en, ALL);
}
