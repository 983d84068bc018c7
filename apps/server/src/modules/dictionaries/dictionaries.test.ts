import {
  CallLogEndpoints,
  ConfigEndpoints,
  DictionaryEndpoints,
  type DictionaryItem,
} from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.signIn('operator');
});
afterAll(() => t.close());

const D = DictionaryEndpoints;
const dictionary = (type: string) => t.send(D.dictionaryType, { params: { type } }, operator);
const related = (type: string, relativeCode: string) =>
  t.send(D.dictionaryRelative, { params: { type, relativeCode } }, operator);
const classLookup = (body: Record<string, unknown>) => t.send(D.classTypeCode, { body }, operator);

describe('device category tree', () => {
  it('lists large categories with their small ones nested in childLevel', async () => {
    const res = await t.send(D.categoryTypeTree, {}, operator);
    expect(res.statusCode).toBe(200);
    const tree = envelopeOf<DictionaryItem[]>(res).data;
    const network = tree.find((c) => c.code === 'network');
    expect(network).toMatchObject({
      name: '网络设备',
      nameEn: 'Network equipment',
      parentCode: null,
      status: 1,
    });
    expect(network?.childLevel.map((c) => c.code)).toEqual(['switch', 'router', 'firewall', 'ap']);
    expect(network?.childLevel[0]).toMatchObject({ parentCode: 'network', name: '交换机', attribute1: '3' });
    expect(tree.map((c) => c.code)).toEqual(['network', 'terminal', 'print', 'mobile', 'camera', 'box']);
  });

  it('asks for a session', async () => {
    const res = await t.send(D.categoryTypeTree, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('class/type/code', () => {
  it('gives the small categories of a large category', async () => {
    const res = await classLookup({ type: 'SUBCLASS_TYPE', relativeCode: 'print' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<DictionaryItem[]>(res).data.map((c) => c.code)).toEqual([
      'receipt-printer',
      'label-printer',
    ]);
  });

  it('gives the large category of a small category', async () => {
    const res = await classLookup({ type: 'CATEGORY_TYPE', relativeCode: 'pda' });
    expect(envelopeOf<DictionaryItem[]>(res).data).toEqual([
      expect.objectContaining({ code: 'mobile', name: '移动设备', nameEn: 'Mobile devices' }),
    ]);
  });

  it('answers 404 for a code that is no category', async () => {
    const res = await classLookup({ type: 'SUBCLASS_TYPE', relativeCode: 'switch' });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res).message).toBe('No large category with code "switch"');
  });

  it('refuses a missing type or code naming the field', async () => {
    const res = await classLookup({ type: 'BRAND', relativeCode: '' });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toContain('type: must be SUBCLASS_TYPE or CATEGORY_TYPE');
    expect(envelopeOf(res).message).toContain('relativeCode: is required');
  });
});

describe('dictionaries by type', () => {
  it.each([
    ['PRODUCT_TYPE', { code: '1', name: 'AI盒子', nameEn: 'AI box' }],
    ['SYSTEM_TYPE', { code: '2', name: '安卓', nameEn: 'Android' }],
    ['PROPERTY_TYPE', { code: 'leased', name: '融资租赁', nameEn: 'Leased' }],
    ['INVENTORY_STATUS', { code: '4', name: '报废', nameEn: 'Scrapped' }],
    ['CONFIG_ITEMS', { code: 'probe_interval_seconds', nameEn: 'Probe interval (seconds)' }],
    ['BRAND', { code: 'sunmi', name: '商米', nameEn: 'Sunmi' }],
    ['ALERTPRIORITY', { code: '5', name: '灾难', nameEn: 'Disaster' }],
  ])('serves %s with code and name', async (type, expected) => {
    const res = await dictionary(type);
    expect(res.statusCode).toBe(200);
    const items = envelopeOf<DictionaryItem[]>(res).data;
    expect(items).toContainEqual(expect.objectContaining(expected));
  });

  it('lists product types in the order of the contract, 12 in all', async () => {
    const items = envelopeOf<DictionaryItem[]>(await dictionary('PRODUCT_TYPE')).data;
    expect(items.map((i) => i.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '13']);
  });

  it('answers 404 for an unknown type and names the known ones', async () => {
    const res = await dictionary('COLOUR');
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res).message).toBe(
      'Unknown dictionary type "COLOUR"; known types are PRODUCT_TYPE, SYSTEM_TYPE, PROPERTY_TYPE, INVENTORY_STATUS, CONFIG_ITEMS, BRAND, ALERTPRIORITY, MODEL',
    );
  });

  it('lists the models of one brand only', async () => {
    const res = await related('MODEL', 'epson');
    expect(res.statusCode).toBe(200);
    const models = envelopeOf<DictionaryItem[]>(res).data;
    expect(models.map((m) => m.name)).toEqual(['TM-T88VI', 'TM-T82III', 'TM-m30II', 'TM-L90']);
    expect(models.every((m) => m.relativeCode === 'epson')).toBe(true);
    const zebra = envelopeOf<DictionaryItem[]>(await related('MODEL', 'zebra')).data;
    expect(zebra.map((m) => m.name)).toContain('ZD421');
    expect(zebra.map((m) => m.name)).not.toContain('TM-T88VI');
  });

  it('gives an empty list for a brand without models and 404 for an unknown type', async () => {
    expect(envelopeOf(await related('MODEL', 'nobrand')).data).toEqual([]);
    expect((await related('WIDGET', 'epson')).statusCode).toBe(404);
  });

  it('does not shadow static calls of other modules', async () => {
    const platform = await t.signIn('platform');
    const log = await t.send(CallLogEndpoints.logOperation, {}, platform);
    expect(log.statusCode).toBe(200);
    expect(Array.isArray(envelopeOf(log).data)).toBe(true);
    const configList = await t.send(ConfigEndpoints.list, {}, await t.signIn('admin'));
    expect(configList.statusCode).toBe(200);
  });
});
