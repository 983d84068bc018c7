/**
 * Sending one message on one channel: email through the company's SMTP server, SMS and phone calls
 * through its HTTP provider (URL, method, secret headers, body template; any 2xx is success). Both go
 * through the outbound policy (outbound/): the destination is resolved and checked, the connection
 * made to the checked address. A failure throws an Error (an OutboundError, classified: never the
 * provider's reply body or the SMTP server's text); the notifier stores its message and retries.
 */
import { type NotificationSettings, SendType } from '@storefleet/contracts';

import { sendOutboundRequest } from '../../outbound/outbound-http';
import type { OutboundPolicy } from '../../outbound/outbound-policy';
import { sendOutboundMail } from '../../outbound/outbound-smtp';
import type { OutgoingMessage } from './notification-messages';
import { fillTemplate, jsonStringEscape } from './notification-policy';

/** Sends `message` to `address` on `channel` (SEND_TYPE); throws when it was not accepted. */
export type ChannelSender = (
  settings: NotificationSettings,
  channel: number,
  address: string,
  message: OutgoingMessage,
) => Promise<void>;

const TIMEOUT_MS = 15_000;

/** Raised when the channel is switched off or not set up: retrying does not help. */
export class ChannelOffError extends Error {}

/** The sender whose every destination goes through `policy`. */
export function channelSender(policy: OutboundPolicy): ChannelSender {
  return async (settings, channel, address, message) => {
    if (channel === SendType.EMAIL) return sendEmail(policy, settings.email, address, message);
    const provider = channel === SendType.SMS ? settings.sms : settings.phone;
    return sendHttp(policy, provider, message);
  };
}

async function sendEmail(
  policy: OutboundPolicy,
  email: NotificationSettings['email'],
  address: string,
  message: OutgoingMessage,
): Promise<void> {
  if (!email.enabled || email.host === '' || email.from === '') {
    throw new ChannelOffError('email channel is off or has no SMTP host or sender address');
  }
  await sendOutboundMail(
    policy,
    email,
    { to: address, subject: message.subject, text: message.text },
    TIMEOUT_MS,
  );
}

async function sendHttp(
  policy: OutboundPolicy,
  provider: NotificationSettings['sms'],
  message: OutgoingMessage,
): Promise<void> {
  if (!provider.enabled || provider.url === '') throw new ChannelOffError('provider is off or has no URL');
  const url = fillTemplate(provider.url, message.fields, encodeURIComponent);
  const template = provider.bodyTemplate.trim();
  const json = template.startsWith('{') || template.startsWith('[');
  const headers: Record<string, string> = {};
  if (provider.method !== 'GET')
    headers['content-type'] = json ? 'application/json' : 'text/plain; charset=utf-8';
  for (const header of provider.secretHeaders) headers[header.name.toLowerCase()] = header.value;
  await sendOutboundRequest(policy, url, {
    method: provider.method,
    headers,
    body:
      provider.method === 'GET'
        ? undefined
        : fillTemplate(template, message.fields, json ? jsonStringEscape : undefined),
    timeoutMs: TIMEOUT_MS,
  });
}
