import type { AgentValue } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { cleanAgentValue } from './clean-text';

const snmp = (sysDescr: string, ifName: string): Extract<AgentValue, { kind: 'snmp' }> => ({
  kind: 'snmp',
  deviceId: '7',
  seq: 1,
  at: 1_700_000_000_000,
  online: true,
  error: null,
  sysUpTimeSeconds: 10,
  sysName: 'printer\u0000',
  sysDescr,
  cpuLoad: null,
  memoryUsedBytes: null,
  memoryTotalBytes: null,
  disks: [{ name: '/\u0000', usedBytes: 1, totalBytes: 2 }],
  interfaces: [{ index: 1, name: ifName, operStatus: 1, inBps: null, outBps: null }],
});

describe('agent values cleaned before ingest stores them', () => {
  it('cleans every text of a value at any depth and keeps numbers, nulls and the rest', () => {
    const cleaned = cleanAgentValue(snmp('LaserJet\u0000\u0000', 'eth\uD8000'));
    expect(cleaned).toEqual({
      ...snmp('LaserJet', 'eth\uFFFD0'),
      sysName: 'printer',
      disks: [{ name: '/', usedBytes: 1, totalBytes: 2 }],
    });
  });

  it('cleans every syslog field, keeping tabs and newlines', () => {
    const cleaned = cleanAgentValue({
      kind: 'syslog',
      deviceId: '7',
      seq: 2,
      at: 1,
      hostIp: '127.0.0.1',
      transport: 'udp',
      format: 'rfc3164',
      facility: 1,
      severity: 3,
      timestamp: null,
      hostname: 'till\u0000',
      app: 'pos\u0000',
      procId: null,
      msgId: null,
      structuredData: '[x\u0000]',
      message: 'drawer\u0000\topen\n\uDC00',
      raw: '<11>drawer\u0000\topen\n\uDC00',
    });
    expect(cleaned).toMatchObject({
      hostname: 'till',
      app: 'pos',
      structuredData: '[x]',
      message: 'drawer\topen\n\uFFFD',
      raw: '<11>drawer\topen\n\uFFFD',
    });
  });

  it('returns a clean value as it is, without copying', () => {
    const value = snmp('Linux 6.1', 'lo');
    const clean: AgentValue = {
      ...value,
      sysName: 'printer',
      disks: [{ name: '/', usedBytes: 1, totalBytes: 2 }],
    };
    expect(cleanAgentValue(clean)).toBe(clean);
  });
});
