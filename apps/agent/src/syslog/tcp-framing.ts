/** The largest syslog frame accepted over TCP; a sender exceeding it is disconnected. */
export const MAX_TCP_FRAME = 64 * 1024;

export class FrameTooLargeError extends Error {}

/**
 * Splits a syslog TCP stream into messages, per RFC 6587: octet counting (`MSG-LEN SP MSG`) when a frame
 * starts with a digit, otherwise non-transparent framing ended by LF (or NUL, which some senders use).
 * Each frame may use either method, as senders may mix them after reconnects.
 */
export class SyslogFrameDecoder {
  private pending: Buffer = Buffer.alloc(0);

  /** Adds bytes; returns the complete frames they finish. Throws FrameTooLargeError on an oversized frame. */
  push(chunk: Buffer): string[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: string[] = [];
    for (;;) {
      const frame = this.next();
      if (frame === null) break;
      if (frame.length > 0) frames.push(frame);
    }
    return frames;
  }

  /** What is left when the sender closes: a last frame without its terminator. */
  end(): string[] {
    const rest = this.pending.toString('utf8');
    this.pending = Buffer.alloc(0);
    return rest.trim() === '' ? [] : [rest];
  }

  private next(): string | null {
    const first = this.pending[0];
    if (first === undefined) return null;
    if (first >= 0x31 && first <= 0x39) return this.nextCounted();
    return this.nextDelimited();
  }

  private nextCounted(): string | null {
    const space = this.pending.indexOf(0x20);
    if (space === -1) {
      if (this.pending.length > 10) throw new FrameTooLargeError('octet count is not followed by a space');
      return null;
    }
    const digits = this.pending.subarray(0, space).toString('latin1');
    if (!/^\d+$/.test(digits)) return this.nextDelimited();
    const length = Number(digits);
    if (length > MAX_TCP_FRAME) throw new FrameTooLargeError(`frame of ${length} octets`);
    const end = space + 1 + length;
    if (this.pending.length < end) return null;
    const frame = this.pending.subarray(space + 1, end).toString('utf8');
    this.pending = this.pending.subarray(end);
    return frame;
  }

  private nextDelimited(): string | null {
    const lf = this.pending.indexOf(0x0a);
    const nul = this.pending.indexOf(0x00);
    const end = lf === -1 ? nul : nul === -1 ? lf : Math.min(lf, nul);
    if (end === -1) {
      if (this.pending.length > MAX_TCP_FRAME) throw new FrameTooLargeError('line without a line feed');
      return null;
    }
    const frame = this.pending.subarray(0, end).toString('utf8').replace(/\r$/, '');
    this.pending = this.pending.subarray(end + 1);
    return frame;
  }
}
