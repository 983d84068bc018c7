import { describe, expect, it } from 'vitest';

import { ENDPOINTS } from './endpoints';
import { endpointWrites, isRecordedCall, operationName, operationNamesZh } from './operation-names';

/** Summaries that say the call changes something, and ones that say it only reads. */
const SAYS_WRITE =
  /^(Add|Create|Update|Delete|Set|Enable|Disable|Change|Move|Mark|Issue|Import|Save|Upload|Sign|Ping)\b/;
const SAYS_READ = /^(List|Show|Search|Count|Download|Stream|Dictionary|Small categories|Current)\b/;

describe('operation-log names and what is recorded', () => {
  it('names every call in Chinese, each call by its own name', () => {
    const notChinese = ENDPOINTS.filter((e) => !/[\u4e00-\u9fff]/.test(e.summaryZh)).map((e) => e.path);
    expect(notChinese).toEqual([]);
    for (const e of ENDPOINTS) expect(operationNamesZh()[e.summary]).toBe(e.summaryZh);
  });

  it('shows a name in the reader language and leaves an unknown name as it was recorded', () => {
    expect(operationName('Sign in', 'zh')).toBe('登录');
    expect(operationName('Sign in', 'en')).toBe('Sign in');
    expect(operationName('Some old name', 'zh')).toBe('Some old name');
  });

  it('flags every GET whose summary says it changes data, and every POST that only reads', () => {
    const wrongGets = ENDPOINTS.filter((e) => e.method === 'GET' && SAYS_WRITE.test(e.summary)).filter(
      (e) => !endpointWrites(e),
    );
    expect(wrongGets.map((e) => e.path)).toEqual([]);
    const wrongPosts = ENDPOINTS.filter((e) => e.method !== 'GET' && SAYS_READ.test(e.summary)).filter((e) =>
      endpointWrites(e),
    );
    expect(wrongPosts.map((e) => e.path)).toEqual([]);
  });

  it('records writes whatever their outcome, refusals of any call, and no reads', () => {
    const read = { method: 'GET' as const };
    const getThatWrites = { method: 'GET' as const, writes: true };
    const postThatReads = { method: 'POST' as const, writes: false };
    expect(isRecordedCall({ method: 'POST' }, 'POST', 200)).toBe(true);
    expect(isRecordedCall({ method: 'POST' }, 'POST', 401)).toBe(true);
    expect(isRecordedCall(getThatWrites, 'GET', 404)).toBe(true);
    expect(isRecordedCall(read, 'GET', 200)).toBe(false);
    expect(isRecordedCall(read, 'GET', 400)).toBe(false);
    expect(isRecordedCall(read, 'GET', 403)).toBe(true);
    expect(isRecordedCall(postThatReads, 'POST', 200)).toBe(false);
    expect(isRecordedCall(undefined, 'GET', 404)).toBe(false);
    expect(isRecordedCall(undefined, 'DELETE', 404)).toBe(true);
  });
});
