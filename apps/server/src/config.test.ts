import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  ConfigError,
  isLoopbackHost,
  loadConfig,
  PRODUCTION_HASHING,
  REPO_ROOT,
  resolveDatabaseUrl,
} from './config';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('defaults to port 8080 on loopback only, demo on and a SQLite file in the data folder', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      demo: true,
      demoPassword: 'Storefleet@2026',
    });
    expect(config.databaseUrl).toBe(`sqlite:${join(dataDir, 'storefleet.db')}`);
    expect(config.webDist).toBe(join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(config.passwordHashing.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(config.passwordHashing.timeCost).toBeGreaterThanOrEqual(2);
    expect(config.passwordHashing).toEqual(PRODUCTION_HASHING);
  });

  it('turns the demo off with DEMO=0 and reads the other variables', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DEMO: '0',
      PORT: '9090',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test',
      ADMIN_USERNAME: 'root',
    });
    expect(config).toMatchObject({ demo: false, port: 9090, logLevel: 'warn', adminUsername: 'root' });
    expect(config.databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/test');
  });

  it('ends idle sessions after 30 minutes unless SESSION_IDLE_MINUTES says otherwise (0 = never)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).sessionIdleMinutes).toBe(30);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: '120' }).sessionIdleMinutes).toBe(120);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: '0' }).sessionIdleMinutes).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: '2' })).toThrow(
      /SESSION_IDLE_MINUTES must be 0 \(no idle limit\) or from 5 to 720 \(got "2"\)/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: 'soon' })).toThrow(ConfigError);
  });

  it('resolves relative SQLite paths against the repository root, whatever the working folder', () => {
    expect(resolveDatabaseUrl('sqlite:./data/x.db')).toBe(`sqlite:${join(REPO_ROOT, 'data', 'x.db')}`);
    expect(resolveDatabaseUrl('sqlite:/var/lib/sf.db')).toBe('sqlite:/var/lib/sf.db');
    expect(resolveDatabaseUrl('sqlite::memory:')).toBe('sqlite::memory:');
    expect(() => resolveDatabaseUrl('mysql://x')).toThrow(ConfigError);
  });

  it('generates a JWT secret once, keeps it private, and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const file = join(dataDir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });

  it('uses JWT_SECRET when set and refuses a short one', () => {
    const secret = 'a'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('seals secrets with SECRETS_KEY when set, else with a key generated once in DATA_DIR/secrets-key', () => {
    const generated = loadConfig({ DATA_DIR: dataDir }).secrets.current.id;
    const file = join(dataDir, 'secrets-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).secrets.current.id).toBe(generated);
    const key = 'k'.repeat(43);
    const fromEnv = loadConfig({
      DATA_DIR: dataDir,
      SECRETS_KEY: key,
      SECRETS_KEY_PREVIOUS: readFileSync(file, 'utf8'),
    });
    expect(fromEnv.secrets.current.id).not.toBe(generated);
    expect(fromEnv.secrets.previous.map((k) => k.id)).toEqual([generated]);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRETS_KEY_PREVIOUS: 'short' })).toThrow(
      /SECRETS_KEY_PREVIOUS must be 32 random bytes/,
    );
  });

  it('refuses the published demo password on an address other machines can reach', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'storefleet.example', '::ffff:10.0.0.1']) {
      const start = () => loadConfig({ DATA_DIR: dataDir, HOST: host });
      expect(start, host).toThrow(ConfigError);
      expect(start, host).toThrow(/Set DEMO_PASSWORD to a password of your own, or DEMO=0/);
      // Naming the published password explicitly changes nothing.
      expect(() => loadConfig({ DATA_DIR: dataDir, HOST: host, DEMO_PASSWORD: 'Storefleet@2026' })).toThrow(
        /DEMO_PASSWORD/,
      );
    }
    const own = loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0', DEMO_PASSWORD: 'Our-own-2026!' });
    expect(own).toMatchObject({ host: '0.0.0.0', demo: true, demoPassword: 'Our-own-2026!' });
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0', DEMO: '0' })).toMatchObject({ demo: false });
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(loadConfig({ DATA_DIR: dataDir, HOST: host }).demoPassword, host).toBe('Storefleet@2026');
    }
  });

  it('counts only 127.0.0.0/8, ::1 and localhost as loopback', () => {
    for (const host of [
      '127.0.0.1',
      '127.255.255.254',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'localhost',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '126.255.255.255',
      '128.0.0.1',
      '10.0.0.1',
      'fe80::1',
      'my-host',
      '',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('gives boxes of an upgrade run 5 minutes to connect unless UPGRADE_RECONNECT_GRACE_SECONDS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).upgradeReconnectGraceMs).toBe(300_000);
    expect(
      loadConfig({ DATA_DIR: dataDir, UPGRADE_RECONNECT_GRACE_SECONDS: '30' }).upgradeReconnectGraceMs,
    ).toBe(30_000);
    expect(
      loadConfig({ DATA_DIR: dataDir, UPGRADE_RECONNECT_GRACE_SECONDS: '0' }).upgradeReconnectGraceMs,
    ).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir, UPGRADE_RECONNECT_GRACE_SECONDS: '-1' })).toThrow(
      /UPGRADE_RECONNECT_GRACE_SECONDS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, UPGRADE_RECONNECT_GRACE_SECONDS: 'soon' })).toThrow(
      /UPGRADE_RECONNECT_GRACE_SECONDS/,
    );
  });

  it('reads METRICS_TOKEN and DOCS_TOKEN, unset when empty', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      metricsToken: undefined,
      docsToken: undefined,
    });
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'm-token', DOCS_TOKEN: 'd-token' })).toMatchObject({
      metricsToken: 'm-token',
      docsToken: 'd-token',
    });
    expect(loadConfig({ DATA_DIR: dataDir, DOCS_TOKEN: '' }).docsToken).toBeUndefined();
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('allows no outbound range by default and reads OUTBOUND_ALLOW as CIDRs or single addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).outboundAllow).toEqual([]);
    const config = loadConfig({ DATA_DIR: dataDir, OUTBOUND_ALLOW: '10.20.0.0/16, 192.168.1.25  fd00::/8' });
    expect(config.outboundAllow).toEqual(['10.20.0.0/16', '192.168.1.25', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'relay.example.com', '10.0.0/8', '::1/129']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, OUTBOUND_ALLOW: bad }), bad).toThrow(
        new ConfigError(
          `OUTBOUND_ALLOW must list address ranges such as 10.20.0.0/16 or 192.0.2.25 (got "${bad}")`,
        ),
      );
    }
  });

  it('bounds the notification caps companies may set by NOTIFY_MAX_PER_RECIPIENT_HOUR / _COMPANY_HOUR', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).notifyMaxima).toEqual({
      perRecipientPerHour: 60,
      perCompanyPerHour: 1000,
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      NOTIFY_MAX_PER_RECIPIENT_HOUR: '5',
      NOTIFY_MAX_PER_COMPANY_HOUR: '50000',
    });
    expect(config.notifyMaxima).toEqual({ perRecipientPerHour: 5, perCompanyPerHour: 50_000 });
    expect(() => loadConfig({ DATA_DIR: dataDir, NOTIFY_MAX_PER_RECIPIENT_HOUR: '0' })).toThrow(
      /NOTIFY_MAX_PER_RECIPIENT_HOUR must be a whole number from 1 to 1000/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, NOTIFY_MAX_PER_COMPANY_HOUR: '100001' })).toThrow(
      /NOTIFY_MAX_PER_COMPANY_HOUR must be a whole number from 1 to 100000/,
    );
  });

  it('reads REMOTE_CONTROL_URL_TEMPLATE and INVENTORY_IMPORT_IN_PROCESS, off when unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      remoteControlUrlTemplate: undefined,
      inventoryImportInProcess: false,
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      REMOTE_CONTROL_URL_TEMPLATE: 'https://remote.example/{deviceId}',
      INVENTORY_IMPORT_IN_PROCESS: '1',
    });
    expect(config).toMatchObject({
      remoteControlUrlTemplate: 'https://remote.example/{deviceId}',
      inventoryImportInProcess: true,
    });
  });
});
