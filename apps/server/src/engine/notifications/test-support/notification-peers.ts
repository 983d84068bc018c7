/**
 * Real, local peers for notification tests: an SMTP server (smtp-server) whose mail is parsed with
 * mailparser, and an HTTP server standing in for an SMS / phone-call provider. Both listen on
 * 127.0.0.1 port 0. `hold()` makes the next deliveries wait until `release()` (a send in flight).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface Gate {
  hold(): void;
  release(): void;
  /** Deliveries waiting at the gate now. */
  waiting(): number;
}

function gate(): Gate & { pass(): Promise<void> } {
  let held: Promise<void> | null = null;
  let open: () => void = () => {};
  let count = 0;
  return {
    hold() {
      held = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      held = null;
      open();
    },
    waiting: () => count,
    async pass() {
      if (!held) return;
      count++;
      await held;
      count--;
    },
  };
}

export interface SmtpPeer extends Gate {
  port: number;
  mails: ParsedMail[];
  /** Mails to `address`. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: ParsedMail[] = [];
  const g = gate();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await g.pass();
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    to: (address) =>
      mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address))),
    hold: g.hold,
    release: g.release,
    waiting: g.waiting,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ProviderRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpPeer extends Gate {
  url: string;
  requests: ProviderRequest[];
  /** Statuses to answer, in order; when used up, 200. */
  answers: number[];
  close(): Promise<void>;
}

export async function startHttpPeer(): Promise<HttpPeer> {
  const requests: ProviderRequest[] = [];
  const answers: number[] = [];
  const g = gate();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void g.pass().then(() => {
        requests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const status = answers.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status === 200 ? '{"ok":true}' : '{"error":"provider busy"}');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answers,
    hold: g.hold,
    release: g.release,
    waiting: g.waiting,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it is true (generous deadline for a loaded machine); throws with `what` otherwise. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
