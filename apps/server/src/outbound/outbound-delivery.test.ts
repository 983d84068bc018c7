// Requests and mails through the outbound policy to real loopback listeners: a name resolved by an
// injected resolver, the connection made to the checked address, redirects not followed, failures
// classified without the peer's words, and nothing sent to a refused address.
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type HttpPeer,
  type SmtpPeer,
  startHttpPeer,
  startSmtpPeer,
} from '../engine/notifications/test-support/notification-peers';
import { OutboundError } from './outbound-error';
import { sendOutboundRequest } from './outbound-http';
import { OutboundPolicy } from './outbound-policy';
import { sendOutboundMail } from './outbound-smtp';
import { tableResolver } from './table-resolver';

const resolve = tableResolver({
  'provider.test': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['127.0.0.1', '10.0.0.5'],
  'relay.test': ['127.0.0.1'],
});
const allowing = new OutboundPolicy({ allow: ['127.0.0.0/8'], listenHost: '127.0.0.1', resolve });
const strict = new OutboundPolicy({ allow: [], listenHost: '127.0.0.1', resolve });

let http: HttpPeer;
let smtp: SmtpPeer;
let redirector: Server;
let redirectorPort: number;
const redirectTo = { location: '' };

beforeAll(async () => {
  [http, smtp] = await Promise.all([startHttpPeer(), startSmtpPeer()]);
  redirector = createServer((req, res) => {
    req.resume();
    res.writeHead(302, { location: redirectTo.location });
    res.end('INTERNAL-ONLY-SECRET');
  });
  await new Promise<void>((done) => redirector.listen(0, '127.0.0.1', done));
  redirectorPort = (redirector.address() as AddressInfo).port;
});
afterAll(async () => {
  redirector.closeAllConnections();
  await Promise.all([
    http.close(),
    smtp.close(),
    new Promise<void>((done) => redirector.close(() => done())),
  ]);
});

const post = (policy: OutboundPolicy, url: string) =>
  sendOutboundRequest(policy, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'k1' },
    body: '{"to":"1"}',
    timeoutMs: 30_000,
  });

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

const portOf = (url: string) => new URL(url).port;

describe('HTTP through the policy', () => {
  it('reaches a loopback provider by a name the resolver maps into an allowed range, with the name as Host', async () => {
    const before = http.requests.length;
    expect(await post(allowing, `http://provider.test:${portOf(http.url)}/sms?to=1`)).toBe(200);
    const got = http.requests.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ method: 'POST', url: '/sms?to=1', body: '{"to":"1"}' });
    expect(got[0]?.headers.host).toBe(`provider.test:${portOf(http.url)}`);
    expect(got[0]?.headers['x-api-key']).toBe('k1');
  });

  it('sends nothing to loopback without OUTBOUND_ALLOW, and says why', async () => {
    const before = http.requests.length;
    const error = await failure(post(strict, `${http.url}/sms`));
    expect(error.failure).toBe('refused');
    expect(error.message).toBe(
      '127.0.0.1 is a loopback address; the server does not send there. A platform operator can allow it with OUTBOUND_ALLOW.',
    );
    const byName = await failure(post(strict, `http://provider.test:${portOf(http.url)}/sms`));
    expect(byName.message).toContain('provider.test resolves to 127.0.0.1, which is a loopback address');
    expect(http.requests.length).toBe(before);
  });

  it('refuses a name that resolves to a refused address, or to one among several', async () => {
    const metadata = await failure(post(allowing, 'http://metadata.test/latest/meta-data/'));
    expect(metadata.failure).toBe('refused');
    expect(metadata.message).toContain(
      'metadata.test resolves to 169.254.169.254, which is a link-local address',
    );
    const mixed = await failure(post(allowing, `http://mixed.test:${portOf(http.url)}/`));
    expect(mixed.message).toContain('mixed.test resolves to 10.0.0.5, which is a private network address');
    const unknown = await failure(post(allowing, 'http://nowhere.test/'));
    expect(unknown).toMatchObject({
      failure: 'dns',
      message: 'the host name nowhere.test could not be resolved',
    });
  });

  it('counts a name server that does not answer as a DNS failure, without waiting for it', async () => {
    const silent = new OutboundPolicy({
      allow: ['127.0.0.0/8'],
      listenHost: '127.0.0.1',
      resolve: () => new Promise<string[]>(() => {}),
      resolveTimeoutMs: 50,
    });
    const error = await failure(post(silent, 'http://slow.test/'));
    expect(error).toMatchObject({ failure: 'dns', message: 'the host name slow.test could not be resolved' });
  });

  it('refuses the spellings of a refused address the URL parser normalises', async () => {
    for (const url of ['http://0xa9fea9fe/', 'http://2852039166/', 'http://[::ffff:169.254.169.254]/']) {
      expect((await failure(post(allowing, url))).failure, url).toBe('refused');
    }
    expect((await failure(post(allowing, 'file:///etc/passwd'))).failure).toBe('badAddress');
  });

  it('does not follow a redirect (to a refused address or an allowed one) and never shows the reply body', async () => {
    const before = http.requests.length;
    for (const location of ['http://169.254.169.254/latest/meta-data/', `${http.url}/moved`]) {
      redirectTo.location = location;
      const error = await failure(post(allowing, `http://127.0.0.1:${redirectorPort}/sms`));
      expect(error.failure).toBe('httpStatus');
      expect(error.message).toBe(
        'the provider answered HTTP 302 (a redirect; the server does not follow redirects)',
      );
      expect(error.message).not.toContain('SECRET');
    }
    expect(http.requests.length).toBe(before);
  });

  it('reports a provider refusal by its status only', async () => {
    http.answers.push(503);
    const error = await failure(post(allowing, `${http.url}/sms`));
    expect(error.message).toBe('the provider answered HTTP 503');
    expect(error.message).not.toContain('provider busy');
  });

  it('names the host as typed in TLS while connecting to the checked address, and classifies a bad certificate', async () => {
    const names: string[] = [];
    const tls = createTlsServer(
      {
        key: TEST_KEY,
        cert: TEST_CERT,
        SNICallback: (servername, done) => {
          names.push(servername);
          done(null);
        },
      },
      (_req, res) => res.end('ok'),
    );
    tls.on('tlsClientError', () => {});
    await new Promise<void>((done) => tls.listen(0, '127.0.0.1', done));
    const port = (tls.address() as AddressInfo).port;
    try {
      // Self-signed, so the check fails: after the handshake that carried the name.
      const error = await failure(post(allowing, `https://provider.test:${port}/sms`));
      expect(error).toMatchObject({
        failure: 'tls',
        message: 'the TLS handshake or certificate check failed',
      });
      expect(names).toEqual(['provider.test']);
    } finally {
      tls.closeAllConnections();
      await new Promise<void>((done) => tls.close(() => done()));
    }
  });

  it('classifies a closed port as a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    expect((await failure(post(allowing, `http://127.0.0.1:${port}/`))).failure).toBe('connectRefused');
  });
});

describe('SMTP through the policy', () => {
  const email = (host: string, port: number) => ({
    enabled: true,
    host,
    port,
    tls: 'none' as const,
    user: '',
    from: 'alerts@storefleet.test',
  });
  const mail = (to: string) => ({ to, subject: 'Outbound test', text: 'hello' });

  it('delivers through a loopback SMTP server reached by name in an allowed range', async () => {
    await sendOutboundMail(allowing, email('relay.test', smtp.port), mail('ops@store.test'), 30_000);
    expect(smtp.to('ops@store.test').map((m) => m.subject)).toEqual(['Outbound test']);
  });

  it('refuses an SMTP host in a refused class before connecting', async () => {
    const error = await failure(
      sendOutboundMail(strict, email('127.0.0.1', smtp.port), mail('no@store.test'), 30_000),
    );
    expect(error.failure).toBe('refused');
    const metadata = await failure(
      sendOutboundMail(allowing, email('metadata.test', 25), mail('no@store.test'), 30_000),
    );
    expect(metadata.failure).toBe('refused');
    expect(smtp.to('no@store.test')).toHaveLength(0);
  });

  it('classifies a port that is not an SMTP server without its banner, and a closed port as refused', async () => {
    // Another service's banner (here an SSH server's) is not an SMTP greeting; its text is not shown.
    const ssh = createNetServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6 internal-build-7\r\n'));
    await new Promise<void>((done) => ssh.listen(0, '127.0.0.1', done));
    const sshPort = (ssh.address() as AddressInfo).port;
    const notSmtp = await failure(
      sendOutboundMail(allowing, email('127.0.0.1', sshPort), mail('x@store.test'), 30_000),
    );
    await new Promise<void>((done) => ssh.close(() => done()));
    expect(notSmtp.failure).toBe('smtpProtocol');
    expect(notSmtp.message).toBe('the destination did not answer as an SMTP server');
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const refused = await failure(
      sendOutboundMail(allowing, email('127.0.0.1', port), mail('x@store.test'), 30_000),
    );
    expect(refused.failure).toBe('connectRefused');
  });
});

// A self-signed certificate for provider.test (openssl, 100 years): the TLS test's server.
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg5DyuD/c3zUdT1LDR
GVeAGOvXihqofroaQuXdnDkc1p6hRANCAATRPa42P/aCtDXS5z4D3HP79W4sv08N
+CrNGQylNZmK0eVfBYPTiUEV/0SGFvutZYbcrDAepPzTYkMVcEHsdk7U
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBoDCCAUegAwIBAgIUMHEU3jhpNCyswI7h3bi6fsh2gnIwCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNcHJvdmlkZXIudGVzdDAgFw0yNjEyMDcyMTMwMzNaGA8yMTI2
MTExMzIxMzAzM1owGDEWMBQGA1UEAwwNcHJvdmlkZXIudGVzdDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABNE9rjY/9oK0NdLnPgPcc/v1biy/Tw34Ks0ZDKU1mYrR
5V8Fg9OJQRX/RIYW+61lhtysMB6k/NNiQxVwQex2TtSjbTBrMB0GA1UdDgQWBBQy
z4S4doea8PG5VGkGvsfWJfSmszAfBgNVHSMEGDAWgBQyz4S4doea8PG5VGkGvsfW
JfSmszAPBgNVHRMBAf8EBTADAQH/MBgGA1UdEQQRMA+CDXByb3ZpZGVyLnRlc3Qw
CgYIKoZIzj0EAwIDRwAwRAIgY0QwpOtNvNLBBKsjPKku+tuSolt6pe9YvKjjOkrt
S7sCIBo3uFACA/f5KZ2t5JIETLZ+w00pNeCS8KYqBBKMRyEO
-----END CERTIFICATE-----`;
