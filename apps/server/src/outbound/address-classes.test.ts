// The outbound policy's address classes: every refused class in IPv4 and IPv6, the IPv4 an IPv6
// address carries, the spellings the URL parser normalises, OUTBOUND_ALLOW and the own listen address.
import { describe, expect, it } from 'vitest';

import { classifyAddress } from './address-classes';
import { parseCidr, parseIp } from './ip-address';
import { canonicalHost, OutboundPolicy } from './outbound-policy';

const classOf = (text: string) => {
  const bytes = parseIp(text);
  if (!bytes) throw new Error(`not an address: ${text}`);
  return classifyAddress(bytes);
};

describe('address classes', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierNat'],
    ['100.127.255.254', 'carrierNat'],
    ['169.254.169.254', 'linkLocal'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:10.1.2.3', 'private'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:a9fe:a9fe::1', 'linkLocal'],
    ['2002:7f00:1::', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::8.8.8.8', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
  ])('refuses %s as %s', (address, refused) => {
    expect(classOf(address)).toBe(refused);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets %s through (a public address)', (address) => {
    expect(classOf(address)).toBeNull();
  });

  it('reads the IPv4 spellings the URL parser normalises (decimal, hex, octal, shortened) as what they are', () => {
    for (const spelling of ['2130706433', '0x7f.1', '0177.0.0.1', '127.1', '0x7f000001']) {
      const host = canonicalHost(spelling);
      expect(host, spelling).toBe('127.0.0.1');
      expect(classOf(host ?? ''), spelling).toBe('loopback');
    }
    expect(canonicalHost('0xa9fea9fe')).toBe('169.254.169.254');
    expect(canonicalHost('[::ffff:169.254.169.254]')).toBe('::ffff:a9fe:a9fe');
    expect(canonicalHost('relay.Example.COM')).toBe('relay.example.com');
    for (const bad of ['host:25', 'a b', 'a\r\nb', 'x/y', 'user@host', ''])
      expect(canonicalHost(bad), bad).toBeNull();
  });
});

describe('the policy', () => {
  const policy = (allow: string[], listenHost = '127.0.0.1') => new OutboundPolicy({ allow, listenHost });

  it('lets OUTBOUND_ALLOW ranges through whatever their class, and nothing next to them', () => {
    const p = policy(['127.0.0.0/8', '10.20.0.0/16', 'fd00::/8']);
    expect(p.refusalOf('127.0.0.1')).toBeNull();
    expect(p.refusalOf('::ffff:127.0.0.1')).toBeNull();
    expect(p.refusalOf('10.20.3.4')).toBeNull();
    expect(p.refusalOf('fd00::25')).toBeNull();
    expect(p.refusalOf('10.21.0.1')).toEqual({ address: '10.21.0.1', refused: 'private' });
    expect(p.refusalOf('::1')).toEqual({ address: '::1', refused: 'loopback' });
    expect(p.refusalOf('169.254.169.254')).toEqual({ address: '169.254.169.254', refused: 'linkLocal' });
  });

  it("refuses the server's own listen address, even a public one", () => {
    expect(policy([], '8.8.4.4').refusalOf('8.8.4.4')).toEqual({ address: '8.8.4.4', refused: 'ownAddress' });
    expect(policy([], '8.8.4.4').refusalOf('8.8.8.8')).toBeNull();
  });

  it('parses CIDRs and single addresses, and refuses malformed ones', () => {
    expect(parseCidr('10.0.0.0/8')).toMatchObject({ bits: 8 });
    expect(parseCidr('192.0.2.25')).toMatchObject({ bits: 32 });
    expect(parseCidr('::1')).toMatchObject({ bits: 128 });
    for (const bad of ['10.0.0.0/33', '10/8', 'x', '1.2.3.4/8/9', '::1/129', '10.0.0.0/-1']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });

  it('names the address, its class and the way out in both languages', () => {
    const label = policy([]).refusalOfLiteral('169.254.169.254');
    expect(label?.en).toBe(
      '169.254.169.254 is a link-local address; the server does not send there. A platform operator can allow it with OUTBOUND_ALLOW.',
    );
    expect(label?.zh).toContain('链路本地地址');
    expect(policy([]).refusalOfLiteral('localhost')?.en).toContain(
      'localhost resolves to 127.0.0.1, which is a loopback address',
    );
    expect(policy([]).refusalOfLiteral('speed.example.com')).toBeNull();
  });
});
