import {
  AGENT_VERSION,
  checkedCommand,
  commandDone,
  commandFailed,
  InvalidAddressError,
  pingHost,
  pingIpResult,
  UpgradeArgumentError,
} from '@storefleet/agent-link';
import type {
  AgentCommandErrorCode,
  CommandMessage,
  CommandReplyMessage,
  PingIpResult,
  ReloadConfigResult,
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
    const fail = (code: AgentCommandErrorCode, text: string) => commandFailed(message.id, code, text);
    // Not implemented in this version: say so whatever the arguments are.
    const checked = checkedCommand(message, handlers.upgrade !== undefined, unsupported);
    if (!checked.ok) return checked.reply;
    const command = checked.command;
    try {
      switch (command.name) {
        case 'pingIp':
          return commandDone(message.id, await pingIp(command.ipAddress, ping));
        case 'reloadConfig':
          return commandDone(message.id, await handlers.reloadConfig());
        case 'netTest':
          return commandDone(message.id, await runNetTest(command.targets, { ping }));
        case 'upgrade':
          if (!handlers.upgrade) return fail('UNSUPPORTED_COMMAND', unsupported(command.name));
          return commandDone(message.id, await runUpgrade(command, handlers.upgrade));
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

function unsupported(name: string): string {
  return `This box agent (version ${AGENT_VERSION}) does not support the "${name.slice(0, 64)}" command; upgrade the agent to use it`;
}

async function pingIp(ipAddress: string, ping: typeof pingHost): Promise<PingIpResult> {
  const pingTime = new Date().toISOString();
  const summary = await ping(ipAddress.trim());
  return pingIpResult(ipAddress.trim(), pingTime, summary);
}
