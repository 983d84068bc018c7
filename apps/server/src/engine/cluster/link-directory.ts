/**
 * Which node holds which box's link, cluster-wide (issue 15): a Redis hash `links` (box id → node) is
 * the record, every node keeps a copy in memory (so `hub.isConnected` stays a lookup), kept current by
 * the `links` topic and read again whole whenever the subscription comes back. Nodes beat every 5 s;
 * a node silent for 15 s counts as gone, so the links of a node that died are not believed.
 */
import type { ClusterBus } from './cluster-bus';

const BEAT_MS = 5_000;
const GONE_AFTER_MS = 15_000;

/** HDEL only when the field still names this node (a box that moved on keeps its new holder). */
const WITHDRAW = `if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`;

interface LinkNews {
  boxId: number;
  /** The node now holding the link, or null when it ended. */
  node: string | null;
}

export class LinkDirectory {
  private readonly holders = new Map<number, string>();
  private readonly beats = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private readonly key: string;

  constructor(private readonly bus: ClusterBus) {
    this.key = bus.key('links');
    bus.on('links', (payload) => {
      const news = payload as LinkNews;
      if (typeof news?.boxId !== 'number') return;
      if (news.node === null) this.holders.delete(news.boxId);
      else this.holders.set(news.boxId, news.node);
    });
    bus.on('heartbeat', (payload) => {
      if (typeof payload === 'string') this.beats.set(payload, Date.now());
    });
    bus.onResync(() => void this.load());
    this.timer = setInterval(() => bus.publish('heartbeat', bus.node), BEAT_MS);
    this.timer.unref();
  }

  /** Reads the whole directory (at start and after a reconnection). */
  async load(): Promise<void> {
    try {
      const all = await this.bus.redis.hgetall(this.key);
      const now = Date.now();
      for (const [box, node] of Object.entries(all)) {
        this.holders.set(Number(box), node);
        // Known as a holder: give it one beat period before its silence counts.
        if (!this.beats.has(node)) this.beats.set(node, now);
      }
    } catch {
      // Redis is down: the copy in memory stays; the next resync reads it again.
    }
  }

  /** This node now holds the box's link. */
  announce(boxId: number): void {
    this.holders.set(boxId, this.bus.node);
    this.bus.redis.hset(this.key, String(boxId), this.bus.node).catch(() => undefined);
    this.bus.publish('links', { boxId, node: this.bus.node } satisfies LinkNews);
  }

  /** This node's link of the box ended (unless the box already moved to another node). */
  withdraw(boxId: number): void {
    if (this.holders.get(boxId) === this.bus.node) this.holders.delete(boxId);
    this.bus.redis.eval(WITHDRAW, 1, this.key, String(boxId), this.bus.node).catch(() => undefined);
    this.bus.publish('links', { boxId, node: null } satisfies LinkNews);
  }

  /** The live node holding the box's link, other than this one, or null. */
  remoteHolder(boxId: number): string | null {
    const node = this.holders.get(boxId);
    if (!node || node === this.bus.node) return null;
    const beat = this.beats.get(node);
    return beat !== undefined && Date.now() - beat < GONE_AFTER_MS ? node : null;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
