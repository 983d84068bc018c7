import { describe, expect, it } from 'vitest';

import { isLoopbackAddress, loopbackLinkUrl, NotLoopbackError } from './loopback';

describe('loopback guard', () => {
  it('accepts a server on this machine and gives its link URL', () => {
    expect(loopbackLinkUrl('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/api/agent/link');
    expect(loopbackLinkUrl('https://localhost:8443/console/')).toBe(
      'wss://localhost:8443/console/api/agent/link',
    );
    expect(loopbackLinkUrl('http://[::1]:8080')).toBe('ws://[::1]:8080/api/agent/link');
    expect(loopbackLinkUrl('http://127.42.0.9')).toBe('ws://127.42.0.9/api/agent/link');
    expect(loopbackLinkUrl('http://127.1:9000')).toBe('ws://127.0.0.1:9000/api/agent/link');
  });

  it('refuses any other host, including look-alikes, and non-web schemes', () => {
    for (const url of [
      'http://0.0.0.0:8080',
      'http://[::]:8080',
      'http://localhost.example.invalid',
      'http://127.0.0.1.example.invalid',
      'http://console.example.invalid',
      'ftp://127.0.0.1',
      '127.0.0.1:8080',
    ]) {
      expect(() => loopbackLinkUrl(url), url).toThrow(NotLoopbackError);
    }
  });

  it('knows loopback addresses: 127.0.0.0/8, ::1 and IPv4-mapped 127/8', () => {
    for (const ip of ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.5']) {
      expect(isLoopbackAddress(ip), ip).toBe(true);
    }
    for (const ip of ['0.0.0.0', '::', '126.255.255.255', '128.0.0.1', '::ffff:0.0.0.0', 'localhost', '']) {
      expect(isLoopbackAddress(ip), ip).toBe(false);
    }
  });
});
