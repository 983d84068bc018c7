/**
 * What a link's hello gets from the box hub (box-hub.ts): the reporter its key names, or why it is
 * refused; the welcome (the reporter's committed marks, its devices); and the config a box is sent at
 * hello and whenever its store's devices change. Learns each reporter's company at hello, for the
 * probe interval the box is told.
 */
import {
  AGENT_CLOSE,
  AGENT_PROTOCOL_VERSION,
  DeviceState,
  type HelloMessage,
  ProductType,
  type ServerToAgentMessage,
} from '@storefleet/contracts';

import type { Reporter } from '../ingest/ingest.service';
import { agentConfig } from './agent-config';
import { adoptSeqEpoch, findKeyOwner, listCommittedMarks, listProbedDevices } from './agent-link.repository';
import type { HubContext } from './box-hub';
import type { LinkClock } from './link-clock';

export class LinkHello {
  /** Each reporter's company, learned at hello. */
  private readonly companies = new Map<number, number>();

  constructor(
    private readonly ctx: Pick<HubContext, 'db' | 'database' | 'log' | 'secrets'>,
    /** The probe interval boxes are told (default 60 s). */
    private readonly intervalSeconds?: (companyId: number) => Promise<number>,
  ) {}

  /** The reporter `hello`'s key names, or the close code and reason that refuse it. */
  async authenticate(hello: HelloMessage): Promise<Reporter | { code: number; reason: string }> {
    const owner = hello.key ? await findKeyOwner(this.ctx.db, this.ctx.secrets, hello.key) : undefined;
    if (!owner || owner.state === DeviceState.DISABLED) {
      return { code: AGENT_CLOSE.AUTH_FAILED, reason: 'Unknown, rotated or disabled security key' };
    }
    const isBox = owner.product_id === ProductType.AI_BOX;
    if (hello.mode === 'box' && !isBox) {
      return {
        code: AGENT_CLOSE.MODE_REFUSED,
        reason: 'This key belongs to a device, not a box: use --mode device',
      };
    }
    if (hello.mode === 'device' && isBox) {
      return { code: AGENT_CLOSE.MODE_REFUSED, reason: 'This key belongs to a box: use --mode box' };
    }
    this.companies.set(owner.id, owner.company_id);
    return { deviceId: owner.id, shopId: owner.shop_id, mode: hello.mode };
  }

  /** The welcome of `reporter`: its marks and devices; adopts a new seq epoch, saves the link clock. */
  async welcome(
    reporter: Reporter,
    epoch: string | undefined,
    clock: LinkClock | undefined,
  ): Promise<ServerToAgentMessage> {
    const config = await this.config(reporter);
    if (config.type !== 'config') throw new Error('unreachable');
    if (
      epoch !== undefined &&
      (await adoptSeqEpoch(this.ctx.db, this.ctx.database.dialect, reporter.deviceId, epoch))
    ) {
      // Debug: every start of the demo simulator is a fresh set of counters for its 45 boxes.
      this.ctx.log.debug(
        { reporter: reporter.deviceId },
        'agent link: the agent started its seq counters afresh (new epoch); its earlier marks are forgotten',
      );
    }
    await clock?.saveAtHello();
    const marks = await listCommittedMarks(this.ctx.db, reporter.deviceId);
    return {
      type: 'welcome',
      protocolVersion: AGENT_PROTOCOL_VERSION,
      deviceId: String(reporter.deviceId),
      shopId: String(reporter.shopId),
      intervalSeconds: config.intervalSeconds,
      devices: config.devices,
      committed: marks.map((m) => ({ deviceId: String(m.device_id), seq: m.seq })),
    };
  }

  /** The config of `reporter`: a box gets its store's probed devices and its company's interval. */
  async config(reporter: Reporter): Promise<ServerToAgentMessage> {
    const companyId = this.companies.get(reporter.deviceId);
    const intervalSeconds =
      companyId !== undefined && this.intervalSeconds ? await this.intervalSeconds(companyId) : 60;
    const rows =
      reporter.mode === 'box' ? await listProbedDevices(this.ctx.db, this.ctx.secrets, reporter.shopId) : [];
    return { type: 'config', ...agentConfig(rows, intervalSeconds) };
  }
}
