import type { InventoryRecord } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { imagesState, ipProblem, macProblem, recordFormValues, updateBody } from './record-form';

const record = {
  id: 7,
  deviceName: 'POS 1',
  deviceBrand: null,
  model: 'T1',
  deviceSn: null,
  intranetIp: null,
  macAddress: 'AA-BB-CC-DD-EE-FF',
  specifications: null,
  custodian: 'Li',
  obtainTime: '2024-03-01',
  vinNo: null,
  inumber: null,
  index: null,
  remark: null,
  deviceCategory: 'pos',
  deviceClass: 'pos-terminal',
  propertyType: null,
  deviceSystem: null,
  connectType: null,
  serviceLife: 5,
  status: 3,
  images: [],
} as unknown as InventoryRecord;

describe('the asset edit form', () => {
  it('round-trips a record into the update body, empty text as null', () => {
    const values = recordFormValues(record);
    expect(values.category).toEqual(['pos', 'pos-terminal']);
    const body = updateBody(7, { ...values, custodian: '  ' }, ['a.png']);
    expect(body).toMatchObject({
      id: 7,
      deviceName: 'POS 1',
      macAddress: 'AA-BB-CC-DD-EE-FF',
      custodian: null,
      deviceCategory: 'pos',
      deviceClass: 'pos-terminal',
      serviceLife: 5,
      status: 3,
      images: ['a.png'],
    });
  });

  it('drops the small category when the large one is cleared', () => {
    expect(updateBody(1, { deviceName: 'x', category: [] }, [])).toMatchObject({
      deviceCategory: null,
      deviceClass: null,
    });
  });

  it('asks to wait while an image is uploading, and to remove a failed one', () => {
    expect(imagesState([{ status: 'done', response: { name: 'a.png' } }, { status: 'uploading' }])).toEqual({
      kind: 'uploading',
    });
    expect(imagesState([{ status: 'done' }])).toEqual({ kind: 'uploading' });
    expect(imagesState([{ status: 'error' }])).toEqual({ kind: 'failed' });
    expect(
      imagesState([
        { status: 'done', response: { name: 'a.png' } },
        { status: 'removed' },
        { status: 'done', response: { name: 'b.webp' } },
      ]),
    ).toEqual({ kind: 'ready', names: ['a.png', 'b.webp'] });
  });

  it('accepts a MAC in any common notation and refuses a short one', () => {
    for (const mac of ['aa:bb:cc:dd:ee:ff', 'AA-BB-CC-DD-EE-FF', 'aabb.ccdd.eeff', 'aabbccddeeff', ''])
      expect(macProblem(mac), mac).toBeNull();
    expect(macProblem('aa:bb:cc:dd:ee')).toBe('inventory.edit.invalidMac');
    expect(ipProblem('127.0.0.300')).toBe('inventory.edit.invalidIp');
    expect(ipProblem('127.0.0.3')).toBeNull();
  });
});
