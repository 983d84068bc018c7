/**
 * queryAnswer/pingIp: asks the box of the device's store to ping an address now. The server never
 * pings. The address must be the device's own intranet/extranet IP or its store box's — a console
 * user cannot make boxes probe arbitrary hosts.
 */
import { type PingIpQuery, PingIpResult, type PingResult } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { AppError, invalid } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { listStoreBoxes } from '../devices/devices.repository';
import { deviceInScope } from './running-info.service';

const OFFLINE = {
  zh: '门店盒子未连接，无法 ping；请确认盒子已通电并在线后重试',
  en: "The store's box is not connected, so it cannot ping; check that the box is powered on and online, then try again",
};

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b;

/** Pings `ipAddress` from the device's store box and returns spec §3's Ping result. */
export async function pingFromBox(ctx: AppContext, scope: Scope, query: PingIpQuery): Promise<PingResult> {
  const device = await deviceInScope(ctx, scope, query.deviceId);
  const target = query.ipAddress.trim().toLowerCase();
  const boxes = await listStoreBoxes(ctx.db, device.shop_id);
  const allowed = [device, ...boxes].some(
    (d) => sameAddress(d.intranet_ip, target) || sameAddress(d.extranet_ip, target),
  );
  if (!allowed) {
    throw invalid('ipAddress', {
      zh: '必须是设备自己的内网或外网 IP，或其门店盒子的 IP',
      en: "must be the device's own intranet or extranet IP, or the IP of its store's box",
    });
  }
  const box = boxes.find((b) => ctx.engine.hub.isConnected(b.id));
  if (!box) throw new AppError('BOX_OFFLINE', OFFLINE);
  const reply = await ctx.engine.hub.command(box.id, { name: 'pingIp', ipAddress: target });
  if (!reply.ok) {
    if (reply.error.code === 'INVALID_ARGUMENT') throw invalid('ipAddress', reply.error.message);
    throw new AppError('BOX_COMMAND_FAILED', {
      zh: `门店盒子无法执行 ping：${reply.error.message}`,
      en: `The store's box could not ping: ${reply.error.message}`,
    });
  }
  const result = PingIpResult.safeParse(reply.result);
  if (!result.success)
    throw new AppError('BOX_COMMAND_FAILED', {
      zh: '门店盒子返回了服务器无法读取的 ping 结果',
      en: "The store's box sent a ping result this server cannot read",
    });
  const pinged = Date.parse(result.data.pingTime);
  return {
    deviceId: device.id,
    delayTime: result.data.delayTime,
    isOnline: result.data.isOnline,
    networkJitter: result.data.networkJitter,
    packetLossRate: result.data.packetLossRate,
    pingTime: formatDateTime(Number.isNaN(pinged) ? Date.now() : pinged),
    pingUrl: result.data.pingUrl,
  };
}
