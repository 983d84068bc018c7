/**
 * One linked box's clock as the hub uses it: the skew measured from its frames (box-clock.ts), the
 * values of each results frame moved into server time, and the skew stored on the box (its running
 * info) whenever the measurement moved by a second or more. One per link, held by the link itself.
 */
import type { AgentValue } from '@storefleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { saveClockSkew } from './agent-link.repository';
import type { BoxClock } from './box-clock';

/** A stored clock skew is rewritten when the measurement moved by this much. */
const SKEW_SAVE_STEP_MS = 1_000;
/** A skew beyond this is logged as a warning at hello: someone should fix the box's clock. */
const SKEW_WARN_MS = 60_000;

export class LinkClock {
  private savedSkewMs: number | null = null;

  constructor(
    private readonly clock: BoxClock,
    private readonly deviceId: number,
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The frame's values with their times in server time; `sentAt` is the box clock when it was sent. */
  toServerTime(
    values: readonly AgentValue[],
    sentAt: number | undefined,
    now: number,
  ): readonly AgentValue[] {
    this.clock.observe(sentAt, now);
    return values.map((value) => {
      const at = this.clock.serverTime(value.at, now);
      return at === value.at ? value : { ...value, at };
    });
  }

  /** After a frame: stores the skew when it moved by a second or more since it was last stored. */
  async saveIfMoved(now: number): Promise<void> {
    const skew = this.clock.skewMs;
    if (skew === null) return;
    if (this.savedSkewMs === null || Math.abs(skew - this.savedSkewMs) >= SKEW_SAVE_STEP_MS)
      await this.save(now);
  }

  /** At hello: stores the skew measured then, warning when the box's clock is far off. */
  async saveAtHello(): Promise<void> {
    const skew = this.clock.skewMs;
    if (skew === null) return;
    if (Math.abs(skew) > SKEW_WARN_MS) {
      this.log.warn(
        { reporter: this.deviceId, skewMs: skew },
        'agent link: the box clock is off; value times are moved into server time',
      );
    }
    await this.save(this.clock.helloAt);
  }

  private async save(at: number): Promise<void> {
    const skew = this.clock.skewMs;
    if (skew === null) return;
    try {
      await saveClockSkew(this.db, this.deviceId, Math.round(skew / 100) / 10, at);
      this.savedSkewMs = skew;
    } catch (error) {
      this.log.warn({ err: error, reporter: this.deviceId }, 'could not store the box clock skew');
    }
  }
}
