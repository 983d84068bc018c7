/**
 * Schema messages in both languages. Zod carries one string per issue, so the schemas (shared by
 * server and web) word their rules in English — `'is required'`, `` `must be at most ${max} characters` ``
 * — and this table is the one place that says each of them in Chinese too: a phrase is a pattern of
 * the English text and the Chinese built from its parts. The server resolves a field message per
 * request (`phraseLabel`), the web per console language (`schemaMessage`). A text no phrase matches is
 * shown as it is in both languages: add a phrase when you add a schema message.
 */
import type { Label, Lang } from './labels';

/** An English message pattern and its Chinese wording, built from the pattern's groups. */
export type Phrase = readonly [RegExp, (...parts: string[]) => string];

const BOUND_ZH: Record<string, string> = { 'at most': '最多', 'at least': '至少', exactly: '必须正好' };
const NUMBER_BOUND_ZH: Record<string, string> = {
  'at most': '不能大于',
  'at least': '不能小于',
  exactly: '必须等于',
};
const COUNTED_ZH: Record<string, string> = {
  values: '个值',
  ids: '个 ID',
  codes: '个代码',
  items: '项',
  'device rows': '行设备',
};
const TYPE_ZH: Record<string, string> = {
  string: '文本',
  number: '数字',
  boolean: '布尔值',
  array: '列表',
  object: '对象',
  date: '日期',
  bigint: '整数',
};
const ID_ZH: Record<string, string> = {
  role: '角色 ID',
  company: '公司 ID',
  user: '用户 ID',
  positive: '正整数 ID',
};

/** Every schema message of the contracts and the server's default zod messages (http/validation.ts). */
export const SCHEMA_PHRASES: readonly Phrase[] = [
  [/^is required$/, () => '必填'],
  [/^is required \(Please wait uploading\)$/, () => '必填（请等待上传完成）'],
  [/^must not be empty$/, () => '不能为空'],
  [/^Invalid IP address$/, () => 'IP 地址无效'],
  [/^Invalid MAC address$/, () => 'MAC 地址无效'],
  [/^must be (at most|at least|exactly) (\d+) characters$/, (b, n) => `${BOUND_ZH[b]} ${n} 个字符`],
  [/^must be (at most|at least|exactly) (\S+) bytes$/, (b, n) => `${BOUND_ZH[b]} ${n} 字节`],
  [
    /^must hold (at most|at least|exactly) (\d+) (values|ids|codes|items|device rows)$/,
    (b, n, what) => `${BOUND_ZH[b]} ${n} ${COUNTED_ZH[what]}`,
  ],
  [/^must hold at least one item$/, () => '至少需要一项'],
  [/^must be (at most|at least|exactly) (-?[\d.e+]+)$/, (b, n) => `${NUMBER_BOUND_ZH[b]} ${n}`],
  [/^must be less than (\S+)$/, (n) => `必须小于 ${n}`],
  [/^must be more than (\S+)$/, (n) => `必须大于 ${n}`],
  [/^must be 1 or more$/, () => '不能小于 1'],
  [/^must be (-?\d+) to (-?\d+)$/, (a, b) => `必须在 ${a} 到 ${b} 之间`],
  [/^must be a whole number from (\d+) to (\d+)$/, (a, b) => `必须是 ${a} 到 ${b} 之间的整数`],
  [/^must be a whole number$/, () => '必须是整数'],
  [/^must be a number$/, () => '必须是数字'],
  [/^must be a finite number$/, () => '必须是有限的数字'],
  [/^must be of type (\w+)$/, (t) => `必须是${TYPE_ZH[t] ?? t}`],
  [/^must be a valid (\w+)$/, (f) => `必须是有效的 ${f}`],
  [/^has the wrong format$/, () => '格式不正确'],
  [/^has unknown fields (.+)$/, (keys) => `包含未知字段 ${keys}`],
  [/^must be a multiple of (\S+)$/, (n) => `必须是 ${n} 的倍数`],
  [/^does not match any accepted form$/, () => '不符合任何可接受的形式'],
  [/^must be one of (.+)$/, (list) => `必须是以下之一：${list}`],
  [/^must be 0 \(normal\) or 1 \(moved\)$/, () => '必须是 0（正常）或 1（已迁移）'],
  [/^must be ((?:\S+, )*\S+) or (\S+)$/, (a, b) => `必须是 ${a} 或 ${b}`],
  [/^must be an? (role|company|user|positive) id$/, (what) => `必须是${ID_ZH[what]}`],
  [/^must hold company ids$/, () => '必须是公司 ID'],
  [/^must hold ids \(digits only\)$/, () => '必须是 ID（只含数字）'],
  [/^must be positive ids$/, () => '必须是正整数 ID'],
  [/^must be level ids$/, () => '必须是层级 ID'],
  [/^must be level ids joined by commas$/, () => '必须是以逗号分隔的层级 ID'],
  [/^may hold only letters, digits and \. _ @ -$/, () => '只能包含字母、数字和 . _ @ -'],
  [/^must be an email address$/, () => '必须是电子邮箱地址'],
  [/^must be a list of \{ code, value \}$/, () => '必须是 { code, value } 列表'],
  [
    /^must be a mobile number \(1xxxxxxxxxx\) or an international number \(\+ and digits\)$/,
    () => '必须是手机号（1 开头的 11 位数字）或国际号码（+ 加数字）',
  ],
  [/^must be 0 \(SMS\), 1 \(email\) or 2 \(phone call\)$/, () => '必须是 0（短信）、1（邮件）或 2（电话）'],
  [/^must name at least one send type$/, () => '至少选择一种通知方式'],
  [
    /^must be a list of (ids|send types)$/,
    (what) => (what === 'ids' ? '必须是 ID 列表' : '必须是通知方式列表'),
  ],
  [/^must be a stream ticket$/, () => '必须是数据流票据'],
  [/^must be a list of image names$/, () => '必须是图片名称列表'],
  [/^must be a date as YYYY-MM-DD$/, () => '必须是 YYYY-MM-DD 格式的日期'],
  [/^must be a date-time as YYYY-MM-DD HH:mm:ss$/, () => '必须是 YYYY-MM-DD HH:mm:ss 格式的日期时间'],
  [/^must be an http:\/\/ or https:\/\/ URL$/, () => '必须是 http:// 或 https:// 地址'],
  [
    /^must be a host name or an IP address \(no scheme, path or port\)$/,
    () => '必须是主机名或 IP 地址（不含协议、路径或端口）',
  ],
  [/^must not hold empty codes$/, () => '不能包含空代码'],
  [/^must hold codes of at most (\d+) characters$/, (n) => `每个代码最多 ${n} 个字符`],
  [/^is not a known trigger type$/, () => '不是已知的触发类型'],
  [/^is not a trigger of alert type (\S+)$/, (type) => `不是告警类型 ${type} 的触发项`],
  [/^must be a device category code \(CATEGORY_TYPE\)$/, () => '必须是设备大类编码（CATEGORY_TYPE）'],
  [/^must be a device class code \(SUBCLASS_TYPE\)$/, () => '必须是设备小类编码（SUBCLASS_TYPE）'],
  [/^must be a class of category (.+)$/, (category) => `必须是大类 ${category} 下的小类`],
  [/^must be a time as HH:mm \(00:00–23:59\)$/, () => '必须是 HH:mm 格式的时间（00:00–23:59）'],
  [
    /^must be a time as HH:mm \(00:00–23:59\) or empty$/,
    () => '必须是 HH:mm 格式的时间（00:00–23:59）或留空',
  ],
  [
    /^must be at least twice the probe interval \((\d+) seconds or more\)$/,
    (n) => `至少为探测间隔的两倍（${n} 秒或以上）`,
  ],
  [/^must be at least the history retention \((\d+) days\)$/, (n) => `不能短于历史数据保留期（${n} 天）`],
  [/^must differ from the opening time$/, () => '必须与开门时间不同'],
  [
    /^must be set together with the other end of the mute window \(or both left empty\)$/,
    () => '必须与静默时段的另一端一起设置（或都留空）',
  ],
  [/^must differ from the mute window start$/, () => '必须与静默时段的开始时间不同'],
];

/** `en` in both languages; a text no phrase matches reads the same in both. */
export function phraseLabel(en: string, phrases: readonly Phrase[] = SCHEMA_PHRASES): Label {
  for (const [pattern, zh] of phrases) {
    const match = pattern.exec(en);
    if (match) return { zh: zh(...match.slice(1)), en };
  }
  return { zh: en, en };
}

/** A schema message (zod issue message) in `lang`. */
export function schemaMessage(en: string, lang: Lang): string {
  return lang === 'en' ? en : phraseLabel(en).zh;
}
