import { describe, expect, it } from 'vitest';

import { durationText, triggerSentence } from './trigger-sentence';

describe('triggerSentence', () => {
  it('says an offline rule with a hold time as an operator would', () => {
    const rule = { triggerType: 1, triggerOperator: 'EQ', triggerValue: 0, holdSeconds: 180 } as const;
    expect(triggerSentence(rule, 'zh')).toBe('离线持续 3 分钟');
    expect(triggerSentence(rule, 'en')).toBe('offline for 3 minutes');
  });

  it('says a threshold with hold time and recovery value', () => {
    const rule = {
      triggerType: 8,
      triggerOperator: 'GT',
      triggerValue: 90,
      holdSeconds: 300,
      recoveryValue: 80,
    } as const;
    expect(triggerSentence(rule, 'en')).toBe('CPU load above 90 % for 5 minutes, recovers below 80 %');
    expect(triggerSentence(rule, 'zh')).toBe('CPU 使用率高于 90% 持续 5 分钟，低于 80% 时恢复');
  });

  it('says a below-threshold rule recovering above its recovery value, without a hold', () => {
    const rule = { triggerType: 11, triggerOperator: 'LT', triggerValue: 15, recoveryValue: 20 } as const;
    expect(triggerSentence(rule, 'en')).toBe('Battery level below 15 %, recovers above 20 %');
    expect(triggerSentence(rule, 'zh')).toBe('电池电量低于 15%，高于 20% 时恢复');
  });

  it('says an immediate rule with no recovery value plainly', () => {
    const rule = { triggerType: 3, triggerOperator: 'GT', triggerValue: 50 } as const;
    expect(triggerSentence(rule, 'en')).toBe('Packet loss above 50 %');
    expect(triggerSentence(rule, 'zh')).toBe('丢包率高于 50%');
  });

  it('words hold times in the largest whole unit', () => {
    expect(durationText(90, 'en')).toBe('90 seconds');
    expect(durationText(60, 'en')).toBe('1 minute');
    expect(durationText(7200, 'zh')).toBe('2 小时');
    expect(durationText(1, 'zh')).toBe('1 秒');
  });
});
