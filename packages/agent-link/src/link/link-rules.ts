/**
 * The rules every box-side link follows, written once for the agent's link and the simulator's box
 * links: what hello says, which closes are refusals, what a `config` frame carries, and how a command's
 * reply goes back.
 */
import {
  AGENT_CLOSE,
  AGENT_PROTOCOL_VERSION,
  type AgentConfig,
  type CommandMessage,
  type CommandReplyMessage,
  type ConfigMessage,
  type HelloMessage,
} from '@storefleet/contracts';

/** Where a link reports what happened (the agent's and the simulator's log have this shape). */
export type LinkLog = (level: 'info' | 'warn' | 'error', message: string) => void;

const REFUSALS = new Set<number>([
  AGENT_CLOSE.AUTH_FAILED,
  AGENT_CLOSE.PROTOCOL_UNSUPPORTED,
  AGENT_CLOSE.MODE_REFUSED,
]);

/** Whether the server closed the link because it refused the key, protocol or mode (retried only rarely). */
export function isRefusal(closeCode: number): boolean {
  return REFUSALS.has(closeCode);
}

/** The first frame of a link: protocol version 1, the key, and the box's own clock and seq epoch. */
export function helloMessage(hello: Omit<HelloMessage, 'type' | 'protocolVersion'>): HelloMessage {
  return {
    type: 'hello',
    protocolVersion: AGENT_PROTOCOL_VERSION,
    ...hello,
    hostname: hello.hostname.slice(0, 255),
  };
}

/** The config a `config` frame carries. */
export function configOf(message: ConfigMessage): AgentConfig {
  const { type: _type, ...config } = message;
  return config;
}

/** The link a command came on, as far as its reply is concerned. */
export interface CommandLink {
  /** Whether the link the command came on is still the current one. */
  isCurrent: () => boolean;
  send: (reply: CommandReplyMessage) => void;
  log: LinkLog;
}

/**
 * Runs a command and sends its reply on the link it came on. A reply for a link that has since dropped
 * is dropped too: the server already timed the command out, and a newer link did not ask. Never
 * rejects: it settles once the reply was sent, dropped, or its failure logged.
 */
export function replyToCommand(
  message: CommandMessage,
  run: (message: CommandMessage) => Promise<CommandReplyMessage>,
  link: CommandLink,
): Promise<void> {
  return run(message)
    .then((reply) => {
      if (link.isCurrent()) link.send(reply);
    })
    .catch((error: unknown) => link.log('error', `command ${message.id} failed: ${String(error)}`));
}
