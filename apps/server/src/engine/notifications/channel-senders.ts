/**
 * Sending one message on one channel: email through the company's SMTP server (nodemailer), SMS and
 * phone calls through its HTTP provider (URL, method, secret headers, body template; any 2xx is
 * success). A failure throws an Error whose message says what the server or provider answered; the
 * notifier stores it (cleaned, bounded) and retries.
 */
import { type NotificationSettings, SendType } from '@storefleet/contracts';
import nodemailer from 'nodemailer';
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

export const sendOnChannel: ChannelSender = async (settings, channel, address, message) => {
  if (channel === SendType.EMAIL) return sendEmail(settings.email, address, message);
  const provider = channel === SendType.SMS ? settings.sms : settings.phone;
  return sendHttp(provider, message);
};

async function sendEmail(
  email: NotificationSettings['email'],
  address: string,
  message: OutgoingMessage,
): Promise<void> {
  if (!email.enabled || email.host === '' || email.from === '') {
    throw new ChannelOffError('email channel is off or has no SMTP host or sender address');
  }
  const transport = nodemailer.createTransport({
    host: email.host,
    port: email.port,
    secure: email.tls === 'tls',
    requireTLS: email.tls === 'starttls',
    ignoreTLS: email.tls === 'none',
    auth: email.user ? { user: email.user, pass: email.password ?? '' } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: email.from, to: address, subject: message.subject, text: message.text });
  } finally {
    transport.close();
  }
}

async function sendHttp(provider: NotificationSettings['sms'], message: OutgoingMessage): Promise<void> {
  if (!provider.enabled || provider.url === '') throw new ChannelOffError('provider is off or has no URL');
  const url = fillTemplate(provider.url, message.fields, encodeURIComponent);
  const template = provider.bodyTemplate.trim();
  const json = template.startsWith('{') || template.startsWith('[');
  const headers: Record<string, string> = {};
  if (provider.method !== 'GET')
    headers['content-type'] = json ? 'application/json' : 'text/plain; charset=utf-8';
  for (const header of provider.secretHeaders) headers[header.name.toLowerCase()] = header.value;
  const res = await fetch(url, {
    method: provider.method,
    headers,
    body:
      provider.method === 'GET'
        ? undefined
        : fillTemplate(template, message.fields, json ? jsonStringEscape : undefined),
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await res.text().catch(() => '');
  if (res.status < 200 || res.status > 299)
    throw new Error(`provider answered HTTP ${res.status}: ${answer.slice(0, 300)}`);
}
