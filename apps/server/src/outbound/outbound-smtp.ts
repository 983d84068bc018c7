/**
 * One mail through an SMTP server the outbound policy checked: nodemailer connects to the checked
 * address (an IP, so it resolves nothing), TLS names and verifies the host as typed (`servername`),
 * and a failure is classified without the server's own words (no banner, no reply text).
 */
import { isIP } from 'node:net';

import type { EmailChannelSettings } from '@storefleet/contracts';
import nodemailer from 'nodemailer';

import { classifySocketError, OutboundError, tlsFailure } from './outbound-error';
import type { OutboundPolicy } from './outbound-policy';

export interface OutboundMail {
  to: string;
  subject: string;
  text: string;
}

/** What nodemailer's error says, as a class; the reply code (a number) is kept, the text is not. */
export function classifySmtpError(error: unknown): OutboundError {
  if (error instanceof OutboundError) return error;
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = String(e.code ?? '');
  const reply = typeof e.responseCode === 'number' ? ` ${e.responseCode}` : '';
  switch (code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return new OutboundError('smtpAuth', {
        zh: `SMTP 服务器拒绝了用户名或密码（应答码${reply || ' 无'}）`,
        en: `the SMTP server refused the user name or password (reply${reply || ' code none'})`,
      });
    case 'EENVELOPE':
    case 'EMESSAGE':
      return new OutboundError('smtpRejected', {
        zh: `SMTP 服务器拒绝了发件人、收件人或邮件（应答码${reply || ' 无'}）`,
        en: `the SMTP server refused the sender, recipient or message (reply${reply || ' code none'})`,
      });
    case 'ETLS':
      return tlsFailure();
    case 'EPROTOCOL':
      return new OutboundError('smtpProtocol', {
        zh: '对方没有按 SMTP 协议应答',
        en: 'the destination did not answer as an SMTP server',
      });
    case 'ETIMEDOUT':
      return classifySocketError({ code: 'ETIMEDOUT' });
    default: {
      // ECONNECTION / ESOCKET carry the socket's own code in the message ("connect ECONNREFUSED …").
      const socketCode = /\b(E[A-Z]+|ERR_[A-Z_]+|CERT_[A-Z_]+)\b/.exec(String(e.message ?? ''))?.[1];
      return classifySocketError({ code: socketCode ?? code });
    }
  }
}

/** Sends `mail` through the SMTP server of `email` after the policy's check; throws OutboundError. */
export async function sendOutboundMail(
  policy: OutboundPolicy,
  email: EmailChannelSettings,
  mail: OutboundMail,
  timeoutMs: number,
): Promise<void> {
  const target = await policy.check(email.host);
  const servername = isIP(target.host) === 0 ? target.host : undefined;
  const transport = nodemailer.createTransport({
    host: target.address,
    port: email.port,
    secure: email.tls === 'tls',
    requireTLS: email.tls === 'starttls',
    ignoreTLS: email.tls === 'none',
    servername,
    tls: servername ? { servername } : undefined,
    auth: email.user ? { user: email.user, pass: email.password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  try {
    await transport.sendMail({ from: email.from, to: mail.to, subject: mail.subject, text: mail.text });
  } catch (error) {
    throw classifySmtpError(error);
  } finally {
    transport.close();
  }
}
