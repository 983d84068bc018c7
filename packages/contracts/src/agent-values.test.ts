import { describe, expect, it } from 'vitest';

import { cleanDeviceText } from './agent-values';

describe('device text as a database can hold it', () => {
  it('removes NUL, wherever it is, and keeps tabs, newlines and other text', () => {
    expect(cleanDeviceText('HP LaserJet\u0000\u0000\u0000')).toBe('HP LaserJet');
    expect(cleanDeviceText('\u0000jam\ttray 2\r\nline 2\u0000')).toBe('jam\ttray 2\r\nline 2');
    expect(cleanDeviceText("<b>\u0007 '; drop table --")).toBe("<b>\u0007 '; drop table --");
  });

  it('replaces lone surrogates with U+FFFD and keeps surrogate pairs', () => {
    expect(cleanDeviceText('cut \uD83D')).toBe('cut \uFFFD');
    expect(cleanDeviceText('\uDE00 tail')).toBe('\uFFFD tail');
    expect(cleanDeviceText('\uDE00\uD83D')).toBe('\uFFFD\uFFFD');
    expect(cleanDeviceText('ok 😀 收银机')).toBe('ok 😀 收银机');
    // Encodable as UTF-8 afterwards: nothing is lost on the way to the database.
    const cleaned = cleanDeviceText('a\uD800b\uDFFFc');
    expect(Buffer.from(cleaned, 'utf8').toString('utf8')).toBe(cleaned);
  });

  it('never makes text longer, so the contract’s maximum lengths still hold', () => {
    const padded = `${'x'.repeat(8000)}${'\u0000'.repeat(192)}`;
    expect(cleanDeviceText(padded)).toHaveLength(8000);
    const cutPair = `${'y'.repeat(8191)}\uD83D`;
    expect(cleanDeviceText(cutPair)).toHaveLength(8192);
  });

  it('cleans long text quickly and returns clean text unchanged', () => {
    const long = 'syslog line\t'.repeat(100_000);
    const started = performance.now();
    expect(cleanDeviceText(long)).toBe(long);
    expect(cleanDeviceText(`${long}\u0000`)).toBe(long);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
