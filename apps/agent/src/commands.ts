import { AGENT_VERSION, InvalidAddressError, pingHost, UpgradeArgumentError } from '@storefleet/agent-link';
import {
  AgentCommand,
  type AgentCommandErrorCode,
  type CommandMessage,
  type CommandReplyMessage,
  type PingIpResult,
  type ReloadConfigResult,
} from '@storefleet/contracts';
import { runNetTest } from './net-test';
import { runUpgrade, type UpgradeTarget } from './upgrade';

export interface CommandHandlers {
  /** Re-reads the config from the server and applies it. */
  reloadConfig: () => Promise<ReloadConfigResult>;
  ping?: typeof pingHost;
  /** Where `upgrade` downloads from and installs to; without it `upgrade` is UNSUPPORTED_COMMAND. */
  upgrade?: UpgradeTarget;
}

/**
 * Answers the server's commands. Every command gets exactly one reply: a result, or an error with a
 * code the server can branch on and a sentence it can show. Commands this version does not implement
 * (names from newer servers; `upgrade` when no upgrade target is given) are answered
 * UNSUPPORTED_COMMAND, never silently ignored.
 */
export function createCommandDispatcher(handlers: CommandHandlers) {
  const ping = handlers.ping ?? pingHost;
  return async (message: CommandMessage): Promise<CommandReplyMessage> => {
    const fail = (code: AgentCommandErrorCode, text: string): CommandReplyMessage => ({
      type: 'commandReply',
      id: message.id,
      ok: false,
      error: { code, message: text.slice(0, 500) },
    });
    const name = message.command.name;
    // Not implemented in this version: say so whatever the arguments are.
    if (!KNOWN.has(name) || (name === 'upgrade' && !handlers.upgrade))
      return fail('UNSUPPORTED_COMMAND', unsupported(name));
    const parsed = AgentCommand.safeParse(message.command);
    if (!parsed.success) {
      return fail(
        'INVALID_ARGUMENT',
        `The ${name} command's arguments are not valid: ${parsed.error.message}`,
      );
    }
    const command = parsed.data;
    try {
      switch (command.name) {
        case 'pingIp':
          return ok(message.id, await pingIp(command.ipAddress, ping));
        case 'reloadConfig':
          return ok(message.id, await handlers.reloadConfig());
        case 'netTest':
          return ok(message.id, await runNetTest(command.targets, { ping }));
        case 'upgrade':
          if (!handlers.upgrade) return fail('UNSUPPORTED_COMMAND', unsupported(command.name));
          return ok(message.id, await runUpgrade(command, handlers.upgrade));
        default: {
          const unreachable: never = command;
          return unreachable;
        }
      }
    } catch (error) {
      if (error instanceof InvalidAddressError || error instanceof UpgradeArgumentError)
        return fail('INVALID_ARGUMENT', error.message);
      return fail('FAILED', error instanceof Error ? error.message : String(error));
    }
  };
}

const KNOWN = new Set<string>(AgentCommand.options.map((o) => o.shape.name.value));

function unsupported(name: string): string {
  return `This box agent (version ${AGENT_VERSION}) does not support the "${name.slice(0, 64)}" command; upgrade the agent to use it`;
}

function ok(id: string, result: unknown): CommandReplyMessage {
  return { type: 'commandReply', id, ok: true, result };
}

async function pingIp(ipAddress: string, ping: typeof pingHost): Promise<PingIpResult> {
  const pingTime = new Date().toISOString();
  const summary = await ping(ipAddress.trim());
  return {
    delayTime: summary.delayMs,
    isOnline: summary.online ? 1 : 0,
    networkJitter: summary.jitterMs,
    packetLossRate: summary.lossRate,
    pingTime,
    pingUrl: ipAddress.trim(),
  };
}
