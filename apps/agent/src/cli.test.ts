import { describe, expect, it } from 'vitest';

import { parseCli, UsageError } from './cli';

const KEY = 'k-0123456789abcdef0123456789abcdef';

describe('agent command line', () => {
  it('takes the server and key from the command line with the documented defaults', () => {
    expect(parseCli(['--server', 'https://console.example', '--key', KEY], {})).toEqual({
      server: 'https://console.example',
      key: KEY,
      mode: 'box',
      dataDir: './data/agent',
      syslogPort: 514,
      syslogHost: '0.0.0.0',
      intervalSeconds: undefined,
    });
  });

  it('takes the server and key from the environment, and the mode, port and interval from flags', () => {
    const settings = parseCli(['--mode', 'device', '--syslog-port', '5514', '--interval', '30'], {
      STOREFLEET_SERVER: 'http://127.0.0.1:3000',
      STOREFLEET_KEY: KEY,
    });
    expect(settings).toMatchObject({
      server: 'http://127.0.0.1:3000',
      key: KEY,
      mode: 'device',
      syslogPort: 5514,
      intervalSeconds: 30,
    });
  });

  it('explains what is wrong with a missing key, a bad mode or a bad interval', () => {
    const server = ['--server', 'http://127.0.0.1:3000'];
    expect(() => parseCli(server, {})).toThrow(/--key/);
    expect(() => parseCli([...server, '--key', KEY, '--mode', 'router'], {})).toThrow(/box or device/);
    expect(() => parseCli([...server, '--key', KEY, '--interval', '1'], {})).toThrow(/5 to 86400/);
    expect(() => parseCli(['--server', 'ftp://x', '--key', KEY], {})).toThrow(UsageError);
  });
});
