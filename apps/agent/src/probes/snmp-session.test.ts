import { describe, expect, it } from 'vitest';

import { snmpText } from './snmp-session';

// OCTET STRINGs arrive from net-snmp as Buffers holding whatever bytes the device sent.
describe('SNMP text', () => {
  it('drops the NUL padding many printers put in sysDescr and ifDescr', () => {
    expect(snmpText(Buffer.from('HP LaserJet 4250\u0000\u0000\u0000\u0000'), 2048)).toBe('HP LaserJet 4250');
    expect(snmpText(Buffer.from('eth\u00000'), 256)).toBe('eth0');
  });

  it('cuts to the maximum without leaving half a surrogate pair', () => {
    const text = snmpText(Buffer.from('ab😀'), 3);
    expect(text).toBe('ab\uFFFD');
    expect(text).toHaveLength(3);
  });

  it('reads nothing from a value that is not text', () => {
    expect(snmpText(42, 10)).toBeNull();
  });
});
