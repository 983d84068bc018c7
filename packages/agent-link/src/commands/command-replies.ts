/**
 * Replies to the server's commands, as every box answers them: exactly one reply per command, a result
 * or an error with a code the server can branch on and a sentence it can show. The agent's dispatcher
 * and the simulated boxes' both build their replies here.
 */
import {
  AgentCommand,
  type AgentCommandErrorCode,
  type CommandMessage,
  type CommandReplyMessage,
  type PingIpResult,
} from '@storefleet/contracts';

/** The reply of a command that ran. */
export function commandDone(id: string, result: unknown): CommandReplyMessage {
  return { type: 'commandReply', id, ok: true, result };
}

/** The reply of a command that could not run or failed; the sentence is cut to what the contract allows. */
export function commandFailed(id: string, code: AgentCommandErrorCode, text: string): CommandReplyMessage {
  return { type: 'commandReply', id, ok: false, error: { code, message: text.slice(0, 500) } };
}

const KNOWN = new Set<string>(AgentCommand.options.map((o) => o.shape.name.value));

export type CheckedCommand = { ok: true; command: AgentCommand } | { ok: false; reply: CommandReplyMessage };

/**
 * The command with its arguments checked, or the reply that refuses it. A name this box does not
 * implement (one from a newer server; `upgrade` when the box cannot upgrade) is UNSUPPORTED_COMMAND
 * whatever its arguments, with the sentence `unsupported` gives; arguments the contract refuses are
 * INVALID_ARGUMENT.
 */
export function checkedCommand(
  message: CommandMessage,
  canUpgrade: boolean,
  unsupported: (name: string) => string,
): CheckedCommand {
  const name = message.command.name;
  if (!KNOWN.has(name) || (name === 'upgrade' && !canUpgrade)) {
    return { ok: false, reply: commandFailed(message.id, 'UNSUPPORTED_COMMAND', unsupported(name)) };
  }
  const parsed = AgentCommand.safeParse(message.command);
  if (!parsed.success) {
    const text = `The ${name} command's arguments are not valid: ${parsed.error.message}`;
    return { ok: false, reply: commandFailed(message.id, 'INVALID_ARGUMENT', text) };
  }
  return { ok: true, command: parsed.data };
}

/** What a ping found out about an address, as far as the `pingIp` result tells it. */
export interface PingEcho {
  online: boolean;
  delayMs: number | null;
  jitterMs: number | null;
  lossRate: number;
}

/** The `pingIp` result (spec §3's Ping result without deviceId, which the server adds). */
export function pingIpResult(pingUrl: string, pingTime: string, echo: PingEcho): PingIpResult {
  return {
    delayTime: echo.delayMs,
    isOnline: echo.online ? 1 : 0,
    networkJitter: echo.jitterMs,
    packetLossRate: echo.lossRate,
    pingTime,
    pingUrl,
  };
}
