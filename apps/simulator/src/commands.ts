import { isIP } from 'node:net';

import {
  checkedCommand,
  commandDone,
  commandFailed,
  pingHost,
  pingIpResult,
  UpgradeArgumentError,
} from '@storefleet/agent-link';
import type {
  AgentCommand,
  AgentCommandErrorCode,
  CommandMessage,
  CommandReplyMessage,
  ReloadConfigResult,
  UpgradeResult,
} from '@storefleet/contracts';

import type { EchoResult } from './devices/reachability';
import { isLoopbackAddress } from './loopback';
import { measuredNetTest } from './net-test';
import { SIMULATED_AGENT_VERSION } from './version';

export interface CommandContext {
  /** The simulated echo of the store's device with this intranet address, if the box simulates one. */
  simulatedPing: (ipAddress: string) => EchoResult | null;
  /** Asks the server for the config and applies it. */
  reloadConfig: () => Promise<ReloadConfigResult>;
  /** Seed and store of this box for `netTest` figures (no store yet: the test cannot run). */
  netTestLine?: () => { seed: string | number; shopId: string | null };
  /** Downloads, checks and "installs" a version (upgrade.ts); without it `upgrade` is unsupported. */
  upgrade?: (command: Extract<AgentCommand, { name: 'upgrade' }>) => Promise<UpgradeResult>;
  /** The real ICMP probe (default the agent's). */
  ping?: (address: string) => Promise<EchoResult>;
}

/**
 * Answers a server command the way the real agent does, without sending traffic anywhere but
 * loopback: `pingIp` for the address of a device this box simulates answers from that device's
 * simulated state (the reply's pingUrl is the address asked); another loopback address gets a real ping
 * through the agent's ICMP probe; any other address is refused and nothing is sent. `reloadConfig` asks the server for the config.
 * `netTest` answers plausible per-store figures, transferring for real only to loopback URLs (net-test.ts).
 * `upgrade` downloads from the box's server and switches the version it reports (upgrade.ts). Everything
 * else is UNSUPPORTED_COMMAND, as in an agent of this version.
 */
export async function answerCommand(
  message: CommandMessage,
  context: CommandContext,
): Promise<CommandReplyMessage> {
  const fail = (code: AgentCommandErrorCode, text: string) => commandFailed(message.id, code, text);
  // Unknown commands (and upgrade without a target): refused whatever the arguments, as the agent does.
  const checked = checkedCommand(message, context.upgrade !== undefined, unsupported);
  if (!checked.ok) return checked.reply;
  const command = checked.command;
  try {
    switch (command.name) {
      case 'pingIp': {
        const address = command.ipAddress.trim();
        if (isIP(address) === 0)
          return fail('INVALID_ARGUMENT', `"${address}" is not an IPv4 or IPv6 address`);
        const pingTime = new Date().toISOString();
        // A device the box simulates answers from the simulation, so the console sees the same state
        // the box reports; only then does a loopback address get a real ping.
        const simulated = context.simulatedPing(address);
        const echo =
          simulated ?? (isLoopbackAddress(address) ? await (context.ping ?? pingHost)(address) : null);
        if (!echo) {
          return fail(
            'FAILED',
            `This simulated box pings only loopback addresses and the devices it simulates; ${address} is neither, so nothing was sent`,
          );
        }
        return commandDone(message.id, pingIpResult(address, pingTime, echo));
      }
      case 'reloadConfig':
        return commandDone(message.id, await context.reloadConfig());
      case 'netTest': {
        const line = context.netTestLine?.();
        if (!line?.shopId) return fail('FAILED', 'This simulated box has not been welcomed into a store yet');
        return commandDone(message.id, await measuredNetTest(line.seed, line.shopId, command.targets));
      }
      case 'upgrade':
        if (!context.upgrade) return fail('UNSUPPORTED_COMMAND', unsupported(command.name));
        return commandDone(message.id, await context.upgrade(command));
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  } catch (error) {
    if (error instanceof UpgradeArgumentError) return fail('INVALID_ARGUMENT', error.message);
    return fail('FAILED', error instanceof Error ? error.message : String(error));
  }
}

function unsupported(name: string): string {
  return `This simulated box (agent version ${SIMULATED_AGENT_VERSION}) does not support the "${name.slice(0, 64)}" command`;
}
