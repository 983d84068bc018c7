/**
 * A real SMTP server for browser tests (the `smtp-server` package, as the server's notification tests
 * use), listening on 127.0.0.1 port 0, no TLS, any or no login. Every mail is parsed with mailparser
 * and kept with the time the peer finished receiving it, so a test can compare when a message arrived
 * with the time the console shows for what it is about.
 */
import type { AddressInfo } from 'node:net';

import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Epoch ms when the peer had the whole message. */
  receivedAt: number;
  /** The envelope's recipients (RCPT TO), lower-cased. */
  envelopeTo: string[];
  subject: string;
  text: string;
  mail: ParsedMail;
}

export interface SmtpPeer {
  host: '127.0.0.1';
  port: number;
  readonly mails: readonly ReceivedMail[];
  /** Mails whose envelope names `address`. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            receivedAt: Date.now(),
            envelopeTo,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            mail,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    mails,
    to: (address) => mails.filter((m) => m.envelopeTo.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
