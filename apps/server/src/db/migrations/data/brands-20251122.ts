/**
 * Brands and models as first shipped (frozen with migration 20251122_0350). A MODEL row's
 * relative_code is its brand's code and attribute1 the ProductType value it usually is.
 */
import type { SeedItem } from './dictionary-seed-types';

/** [code, zh, en, models: [model name, ProductType value, description]] */
type BrandRow = readonly [string, string, string, ReadonlyArray<readonly [string, string, string]>];

const BRANDS: readonly BrandRow[] = [
  ['storefleet', 'Storefleet', 'Storefleet', [['SF-Box 1', '1', 'Store AI box and gateway']]],
  ['huawei', '华为', 'Huawei', [
    ['S5735-L24T4S-A', '3', '24-port gigabit access switch'],
    ['S1730S-L24T-A', '3', '24-port web-managed switch'],
    ['AR6120', '2', 'Branch enterprise router'],
    ['AirEngine 5761-11', '2', 'Wi-Fi 6 indoor access point'],
    ['USG6510E', '2', 'Branch firewall'],
    ['MatePad 11', '13', 'Android (HarmonyOS) tablet'],
  ]],
  ['h3c', '新华三', 'H3C', [
    ['S5130S-28S-EI', '3', '24-port gigabit L2 switch'],
    ['S1850V2-28P', '3', '24-port smart switch'],
    ['MSR2630', '2', 'Branch router'],
    ['WA6320', '2', 'Wi-Fi 6 access point'],
  ]],
  ['cisco', '思科', 'Cisco', [
    ['Catalyst 9200L-24T-4G', '3', '24-port access switch'],
    ['Catalyst 1000-24T-4G-L', '3', '24-port branch switch'],
    ['ISR1111-8P', '2', 'Integrated services router'],
    ['Meraki MR36', '2', 'Cloud-managed access point'],
  ]],
  ['tplink', '普联', 'TP-Link', [
    ['TL-SG1024DT', '3', '24-port unmanaged switch'],
    ['TL-SG2210P', '3', '8-port PoE smart switch'],
    ['TL-ER6120', '2', 'Gigabit VPN router'],
    ['TL-AP1907GC-PoE', '2', 'Ceiling access point'],
  ]],
  ['ruijie', '锐捷', 'Ruijie', [
    ['RG-S2910-24GT4XS-E', '3', '24-port access switch'],
    ['RG-ES226GC-P', '3', '24-port PoE cloud switch'],
    ['RG-EG210G-E', '2', 'Store gateway router'],
    ['RG-AP720-L', '2', 'Indoor access point'],
  ]],
  ['epson', '爱普生', 'Epson', [
    ['TM-T88VI', '5', '80 mm thermal receipt printer'],
    ['TM-T82III', '5', '80 mm thermal receipt printer'],
    ['TM-m30II', '5', 'Compact receipt printer'],
    ['TM-L90', '5', 'Label and receipt printer'],
  ]],
  ['zebra', '斑马', 'Zebra', [
    ['ZD421', '5', 'Desktop label printer'],
    ['ZT411', '5', 'Industrial label printer'],
    ['GK888t', '5', 'Desktop barcode label printer'],
    ['TC21', '8', 'Android mobile computer'],
    ['TC52', '8', 'Android mobile computer'],
    ['MC3300', '10', 'Handheld barcode terminal'],
  ]],
  ['hp', '惠普', 'HP', [
    ['ProDesk 400 G7', '6', 'Back-office desktop'],
    ['EliteDesk 800 G6 Mini', '6', 'Compact desktop'],
    ['LaserJet Pro M404dn', '5', 'Office laser printer'],
    ['ProLiant DL380 Gen10', '7', 'Rack server'],
  ]],
  ['lenovo', '联想', 'Lenovo', [
    ['ThinkCentre M720q', '6', 'Tiny desktop'],
    ['ThinkPad E14', '6', 'Laptop'],
    ['ThinkSystem SR650', '7', 'Rack server'],
    ['Tab M10 Plus', '13', 'Android tablet'],
  ]],
  ['dell', '戴尔', 'Dell', [
    ['OptiPlex 7090 Micro', '6', 'Micro desktop'],
    ['Latitude 5420', '6', 'Laptop'],
    ['PowerEdge R740', '7', 'Rack server'],
    ['P2422H', '6', '24-inch monitor'],
  ]],
  ['honeywell', '霍尼韦尔', 'Honeywell', [
    ['EDA51', '8', 'Android mobile computer'],
    ['CT40', '8', 'Android mobile computer'],
    ['PC42t', '5', 'Desktop label printer'],
    ['Granit 1911i', '10', 'Industrial handheld scanner'],
  ]],
  ['urovo', '优博讯', 'Urovo', [
    ['DT50', '8', 'Android PDA'],
    ['RT40', '8', 'Rugged Android PDA'],
    ['i6310', '4', 'Android smart POS'],
  ]],
  ['sunmi', '商米', 'Sunmi', [
    ['T2s', '4', 'Desktop dual-screen POS'],
    ['D3 Mini', '4', 'Compact desktop POS'],
    ['V2 Pro', '4', 'Handheld POS with printer'],
    ['M2 Max', '13', 'Android business tablet'],
  ]],
  ['hikvision', '海康威视', 'Hikvision', [
    ['DS-2CD2143G2-I', '', '4 MP dome IP camera'],
    ['DS-2CD3T47G2-L', '', '4 MP bullet IP camera'],
    ['DS-7608NI-K2', '', '8-channel NVR'],
  ]],
  ['dahua', '大华', 'Dahua', [
    ['IPC-HFW2431S-S-S2', '', '4 MP bullet IP camera'],
    ['IPC-HDBW2431E-S-S2', '', '4 MP dome IP camera'],
    ['NVR4108HS-4KS2/L', '', '8-channel NVR'],
  ]],
  ['samsung', '三星', 'Samsung', [
    ['Galaxy Tab A8', '13', 'Android tablet'],
    ['Galaxy Tab Active3', '13', 'Rugged Android tablet'],
    ['Galaxy XCover Pro', '10', 'Rugged Android handheld'],
  ]],
];

function modelCode(brand: string, model: string): string {
  return `${brand}-${model.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** BRAND rows followed by MODEL rows. */
export const BRAND_DICTIONARY: readonly SeedItem[] = [
  ...BRANDS.map(([code, name, nameEn]) => ({ type: 'BRAND', code, name, nameEn })),
  ...BRANDS.flatMap(([brand, , , models]) =>
    models.map(([model, productType, description]) => ({
      type: 'MODEL',
      code: modelCode(brand, model),
      name: model,
      nameEn: model,
      relativeCode: brand,
      description,
      ...(productType ? { attribute1: productType } : {}),
    })),
  ),
];
