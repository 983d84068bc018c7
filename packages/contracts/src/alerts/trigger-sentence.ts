/**
 * A rule's trigger as a sentence an operator reads (issue 11): "离线持续 3 分钟" / "offline for 3
 * minutes", "CPU 使用率高于 90% 持续 5 分钟，低于 80% 时恢复" / "CPU load above 90 % for 5 minutes,
 * recovers below 80 %". Pure: the rule list, the rule form's preview and the device page's rule
 * descriptions all say it the same way.
 */
import type { Lang } from '../labels';
import { triggerTypeOf } from './trigger-types';

export interface TriggerSentenceRule {
  triggerType: number;
  triggerOperator: 'EQ' | 'LT' | 'GT';
  triggerValue: number;
  holdSeconds?: number | undefined;
  recoveryValue?: number | null | undefined;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A hold time in words: "3 minutes" / "3 分钟", "90 seconds" / "90 秒", "2 hours" / "2 小时". */
export function durationText(seconds: number, lang: Lang): string {
  if (seconds > 0 && seconds % 3600 === 0)
    return lang === 'zh' ? `${seconds / 3600} 小时` : plural(seconds / 3600, 'hour');
  if (seconds > 0 && seconds % 60 === 0)
    return lang === 'zh' ? `${seconds / 60} 分钟` : plural(seconds / 60, 'minute');
  return lang === 'zh' ? `${seconds} 秒` : plural(seconds, 'second');
}

function amount(value: number, unit: string, lang: Lang): string {
  if (!unit) return String(value);
  return lang === 'zh' ? `${value}${unit}` : `${value} ${unit}`;
}

const COMPARE = {
  zh: { GT: '高于', LT: '低于', EQ: '等于' },
  en: { GT: 'above', LT: 'below', EQ: 'equal to' },
} as const;

/** The trigger of `rule` as a sentence in `lang`. */
export function triggerSentence(rule: TriggerSentenceRule, lang: Lang): string {
  const trigger = triggerTypeOf(rule.triggerType);
  const unit = trigger?.unit ?? '';
  const hold = rule.holdSeconds ?? 0;
  let what: string;
  let state = false;
  if (
    trigger?.item === 'online' &&
    rule.triggerOperator === 'EQ' &&
    (rule.triggerValue === 0 || rule.triggerValue === 1)
  ) {
    const offline = rule.triggerValue === 0;
    state = true;
    what = lang === 'zh' ? (offline ? '离线' : '在线') : offline ? 'offline' : 'online';
  } else {
    const name = trigger?.label[lang] ?? `#${rule.triggerType}`;
    const compare = COMPARE[lang][rule.triggerOperator];
    what =
      lang === 'zh'
        ? `${name}${compare} ${amount(rule.triggerValue, unit, lang)}`
        : `${name} ${compare} ${amount(rule.triggerValue, unit, lang)}`;
  }
  if (hold > 0)
    what +=
      lang === 'zh'
        ? `${state ? '' : ' '}持续 ${durationText(hold, lang)}`
        : ` for ${durationText(hold, lang)}`;
  const recovery = rule.recoveryValue;
  if (recovery !== null && recovery !== undefined && rule.triggerOperator !== 'EQ') {
    const past = rule.triggerOperator === 'GT' ? 'LT' : 'GT';
    what +=
      lang === 'zh'
        ? `，${COMPARE.zh[past]} ${amount(recovery, unit, lang)} 时恢复`
        : `, recovers ${COMPARE.en[past]} ${amount(recovery, unit, lang)}`;
  }
  return what;
}
