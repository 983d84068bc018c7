import { describe, expect, it } from 'vitest';

import { parseSyslog } from './parse';

describe('syslog parsing', () => {
  it('reads an RFC 5424 message with structured data containing escaped brackets and a BOM', () => {
    const line =
      '<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 [exampleSDID@32473 iut="3" eventSource="App\\]x"] \uFEFFAn application event';
    expect(parseSyslog(line)).toEqual({
      format: 'rfc5424',
      facility: 20,
      severity: 5,
      timestamp: '2003-10-11T22:14:15.003Z',
      hostname: 'mymachine.example.com',
      app: 'evntslog',
      procId: null,
      msgId: 'ID47',
      structuredData: '[exampleSDID@32473 iut="3" eventSource="App\\]x"]',
      message: 'An application event',
    });
  });

  it('reads an RFC 5424 message without structured data or message', () => {
    expect(parseSyslog('<13>1 - - - - - -')).toMatchObject({
      format: 'rfc5424',
      timestamp: null,
      hostname: null,
      structuredData: null,
      message: '',
    });
  });

  it('reads an RFC 3164 message with host, tag and pid', () => {
    expect(
      parseSyslog("<34>Oct 11 22:14:15 mymachine su[231]: 'su root' failed for lonvick on /dev/pts/8"),
    ).toMatchObject({
      format: 'rfc3164',
      facility: 4,
      severity: 2,
      timestamp: 'Oct 11 22:14:15',
      hostname: 'mymachine',
      app: 'su',
      procId: '231',
      message: "'su root' failed for lonvick on /dev/pts/8",
    });
  });

  it('reads a BSD message from a small device that sends no timestamp or hostname', () => {
    expect(parseSyslog('<13>printerd: toner low')).toMatchObject({
      format: 'rfc3164',
      timestamp: null,
      hostname: null,
      app: 'printerd',
      message: 'toner low',
    });
  });

  it('keeps a frame without a valid priority whole, as text, with no level', () => {
    for (const line of ['no priority here', '<999>too big', '<script>alert(1)</script>']) {
      expect(parseSyslog(line)).toMatchObject({
        format: 'unknown',
        facility: null,
        severity: null,
        message: line,
      });
    }
  });

  it('cuts a huge message to 8192 characters', () => {
    expect(parseSyslog(`<13>1 - - - - - - ${'x'.repeat(20_000)}`).message).toHaveLength(8192);
  });
});
