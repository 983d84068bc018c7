/** POST /api/device-service/aibox/device/queryAnswer/pingIp (spec §3 Ping result). */
import { z } from 'zod';

import { idParam } from '../query';

export const PingIpQuery = z.object({
  deviceId: idParam,
  ipAddress: z.string().trim().min(1, 'is required').max(64),
});
export type PingIpQuery = z.infer<typeof PingIpQuery>;

/** Ping result of spec §3; pingTime `YYYY-MM-DD HH:mm:ss`, packetLossRate a fraction 0–1. */
export const PingResult = z.object({
  deviceId: z.number(),
  delayTime: z.number().nullable(),
  isOnline: z.number(),
  networkJitter: z.number().nullable(),
  packetLossRate: z.number(),
  pingTime: z.string(),
  pingUrl: z.string(),
});
export type PingResult = z.infer<typeof PingResult>;
