import { describe, expect, it } from 'vitest';

import { FrameTooLargeError, SyslogFrameDecoder } from './tcp-framing';

describe('syslog TCP framing', () => {
  it('splits octet-counted frames even when they arrive in pieces, keeping newlines inside them', () => {
    const decoder = new SyslogFrameDecoder();
    const stream = Buffer.from('11 <13>1 a\nb c9 <13>1 - x');
    const frames = [...stream].flatMap((byte) => decoder.push(Buffer.from([byte])));
    expect(frames).toEqual(['<13>1 a\nb c', '<13>1 - x']);
  });

  it('splits newline and NUL framed messages and hands over a last unterminated one at the end', () => {
    const decoder = new SyslogFrameDecoder();
    expect(decoder.push(Buffer.from('<13>one\r\n<13>two\0<13>thr'))).toEqual(['<13>one', '<13>two']);
    expect(decoder.push(Buffer.from('ee'))).toEqual([]);
    expect(decoder.end()).toEqual(['<13>three']);
  });

  it('counts octets, not characters, for multi-byte text', () => {
    const text = '<13>1 - - - - - - 收银机';
    const decoder = new SyslogFrameDecoder();
    expect(decoder.push(Buffer.from(`${Buffer.byteLength(text)} ${text}`))).toEqual([text]);
  });

  it('refuses a frame larger than 64 KiB instead of buffering without end', () => {
    const decoder = new SyslogFrameDecoder();
    expect(() => decoder.push(Buffer.from('999999 <13>'))).toThrow(FrameTooLargeError);
    const lines = new SyslogFrameDecoder();
    expect(() => lines.push(Buffer.alloc(70 * 1024, 0x41))).toThrow(FrameTooLargeError);
  });
});
