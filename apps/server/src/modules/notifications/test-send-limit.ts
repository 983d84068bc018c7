/**
 * How many test messages a company may send: at most `limit` in any `windowMs` (10 a minute), so the
 * test button cannot be used to hammer a destination or spend the company's SMS credit. Counted in
 * this server node's memory: with several nodes behind one address each node counts its own.
 */
import { AppError } from '../../http/errors';

export const TEST_SENDS_PER_MINUTE = 10;

export class TestSendLimit {
  private readonly sent = new Map<number, number[]>();

  constructor(
    private readonly limit = TEST_SENDS_PER_MINUTE,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one test send of `companyId` at `now`; throws 429 (with Retry-After) past the limit. */
  take(companyId: number, now: number): void {
    const recent = (this.sent.get(companyId) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000));
      this.sent.set(companyId, recent);
      throw new AppError(
        'TOO_MANY_ATTEMPTS',
        {
          zh: `测试消息发送过于频繁（每分钟最多 ${this.limit} 条），请 ${retryAfter} 秒后再试`,
          en: `Too many test messages (at most ${this.limit} a minute); try again in ${retryAfter} seconds`,
        },
        null,
        { 'retry-after': String(retryAfter) },
      );
    }
    recent.push(now);
    this.sent.set(companyId, recent);
  }
}
