// The compact store of accepted import rows gives back exactly what was read (what the import then
// writes): text in any script, numbers, nulls, a value larger than a storage block; dropped rows are
// neither written nor counted. Sent from the import worker to the server thread (buffers transferred),
// the rows arrive whole.
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';

import { describe, expect, it } from 'vitest';

import { AcceptedRows } from './inventory-import-accepted';
import type { ImportValues } from './inventory-import-rows';

function values(i: number, extra: Partial<ImportValues> = {}): ImportValues {
  return {
    assetNo: `ZC-${i}`,
    deviceName: `收银台电脑 ${i} "quoted" \\ back`,
    deviceCategory: 'terminal',
    deviceClass: 'pc',
    deviceBrand: i % 2 === 0 ? null : 'HP',
    model: 'M1',
    deviceSn: `SN${i}`,
    deviceSystem: 1,
    connectType: null,
    intranetIp: '127.0.0.1',
    macAddress: '02:00:00:00:00:01',
    macKey: '020000000001',
    specifications: null,
    propertyType: 'owned',
    serviceLife: 5,
    custodian: '店员',
    obtainTime: '2024-01-31',
    vinNo: null,
    inumber: null,
    status: 1,
    remark: null,
    index: String(i),
    ...extra,
  };
}

describe('accepted import rows', () => {
  it('gives back every row as read, in order, across storage blocks', () => {
    const rows = new AcceptedRows();
    const big = 'x'.repeat(1_500_000);
    const sent = Array.from({ length: 3000 }, (_, i) => values(i, i === 1500 ? { remark: big } : {}));
    for (const [i, v] of sent.entries()) rows.push(i + 2, v, i % 3 === 0);
    expect(rows.length).toBe(3000);
    expect(rows.at(0)).toEqual({ row: 2, values: sent[0], update: true });
    expect(rows.at(1500).values.remark).toBe(big);
    expect(rows.list().map((r) => r.values)).toEqual(sent);
    expect(rows.counts()).toEqual({ added: 2000, updated: 1000 });
  });

  it('drops rows from the write and the counts, and changes insert/update', () => {
    const rows = new AcceptedRows();
    for (let i = 0; i < 4; i++) rows.push(i + 2, values(i), false);
    rows.drop(1);
    rows.setUpdate(2, true);
    expect(rows.list().map((r) => [r.row, r.update])).toEqual([
      [2, false],
      [4, true],
      [5, false],
    ]);
    expect(rows.counts()).toEqual({ added: 2, updated: 1 });
  });

  it('arrive whole after a transfer between threads, and keep growing there', () => {
    const rows = new AcceptedRows();
    const big = 'y'.repeat(1_200_000);
    const sent = Array.from({ length: 2500 }, (_, i) => values(i, i === 7 ? { remark: big } : {}));
    for (const [i, v] of sent.entries()) rows.push(i + 2, v, i % 2 === 0);
    rows.drop(3);
    const { packed, transfer } = rows.pack();
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(packed, transfer);
    const arrived = AcceptedRows.unpack(receiveMessageOnPort(port2)?.message);
    port1.close();
    expect(packed.where.byteLength).toBe(0); // transferred, not copied
    expect(arrived.length).toBe(2500);
    expect(arrived.dropped(3)).toBe(true);
    expect(arrived.assetNoAt(10)).toBe('ZC-10');
    expect(arrived.at(7).values.remark).toBe(big);
    expect(arrived.list().map((r) => r.values)).toEqual(sent.filter((_, i) => i !== 3));
    expect(arrived.counts()).toEqual({ added: 1249, updated: 1250 }); // row 3 (an add) dropped
    arrived.push(9999, values(9999), false);
    expect(arrived.at(2500)).toEqual({ row: 9999, values: values(9999), update: false });
  });
});
