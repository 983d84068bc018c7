/**
 * The storm benchmark's loopback peers: an SMTP server (smtp-server) that parses each mail's subject
 * (mailparser) and counts mails per recipient address, and an HTTP server standing in for the SMS
 * provider that counts requests. Both listen on 127.0.0.1, port 0.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface StormSmtp {
  port: number;
  /** Subjects of the mails received, by recipient address. */
  subjects: Map<string, string[]>;
  count(): number;
  /** `performance.now()` when the first mail arrived; null before. */
  firstAt(): number | null;
  close(): Promise<void>;
}

export async function startStormSmtp(): Promise<StormSmtp> {
  const subjects = new Map<string, string[]>();
  let count = 0;
  let firstAt: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Nodemailer opens a connection per message; the default (unlimited) is what a relay would accept.
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          count++;
          firstAt ??= performance.now();
          for (const rcpt of session.envelope.rcptTo) {
            const list = subjects.get(rcpt.address) ?? [];
            list.push(mail.subject ?? '');
            subjects.set(rcpt.address, list);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    subjects,
    count: () => count,
    firstAt: () => firstAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface StormHttp {
  url: string;
  /** Bodies received. */
  bodies: string[];
  /** `performance.now()` when the first request arrived; null before. */
  firstAt(): number | null;
  close(): Promise<void>;
}

export async function startStormHttp(): Promise<StormHttp> {
  const bodies: string[] = [];
  let firstAt: number | null = null;
  const server = createServer((req, res) => {
    firstAt ??= performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      // One request per connection: a kept-alive socket the server times out just as the client reuses
      // it fails that send ("fetch failed"), which is the client's race, not what is measured here.
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    firstAt: () => firstAt,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
