/**
 * The demo companies: a retail chain and a logistics company, each with a region → province → city
 * hierarchy and stores. Names are what a Chinese chain would type (docs/decisions/language.md); the
 * levels also carry English names for the English console.
 */
import { MODULE, PAGE } from '@storefleet/contracts';

export interface DemoCity {
  zh: string;
  en: string;
  /** Administrative code, used as the store's areaCode. */
  code: string;
}
export interface DemoProvince {
  zh: string;
  en: string;
  cities: DemoCity[];
}
export interface DemoRegion {
  zh: string;
  en: string;
  provinces: DemoProvince[];
}
export interface DemoCompany {
  companyNo: string;
  name: string;
  /** Labels of levels 1, 2, 3. */
  labels: [string, string, string];
  regions: DemoRegion[];
  storesPerCity: number;
  storeName: (city: DemoCity, index: number) => string;
}

const STREETS = ['中山路', '人民路', '解放路', '建设路', '和平路'];
const NUMBERS = ['一', '二', '三', '四', '五'];

/** The retail chain (NW001): the demo admin's and operator's company. */
export const NORTHWIND: DemoCompany = {
  companyNo: 'NW001',
  name: '北风零售',
  labels: ['大区', '省份', '城市'],
  storesPerCity: 3,
  // 南京中山路店: the city and the street of its address (demoAddress).
  storeName: (city, i) => `${city.zh}${STREETS[i % STREETS.length]}店`,
  regions: [
    {
      zh: '华东大区',
      en: 'East China',
      provinces: [
        {
          zh: '江苏',
          en: 'Jiangsu',
          cities: [
            { zh: '南京', en: 'Nanjing', code: '320100' },
            { zh: '苏州', en: 'Suzhou', code: '320500' },
          ],
        },
        {
          zh: '浙江',
          en: 'Zhejiang',
          cities: [
            { zh: '杭州', en: 'Hangzhou', code: '330100' },
            { zh: '宁波', en: 'Ningbo', code: '330200' },
          ],
        },
        { zh: '上海', en: 'Shanghai', cities: [{ zh: '上海', en: 'Shanghai', code: '310100' }] },
      ],
    },
    {
      zh: '华北大区',
      en: 'North China',
      provinces: [
        { zh: '北京', en: 'Beijing', cities: [{ zh: '北京', en: 'Beijing', code: '110100' }] },
        { zh: '天津', en: 'Tianjin', cities: [{ zh: '天津', en: 'Tianjin', code: '120100' }] },
        { zh: '河北', en: 'Hebei', cities: [{ zh: '石家庄', en: 'Shijiazhuang', code: '130100' }] },
      ],
    },
    {
      zh: '华南大区',
      en: 'South China',
      provinces: [
        {
          zh: '广东',
          en: 'Guangdong',
          cities: [
            { zh: '广州', en: 'Guangzhou', code: '440100' },
            { zh: '深圳', en: 'Shenzhen', code: '440300' },
          ],
        },
        { zh: '福建', en: 'Fujian', cities: [{ zh: '厦门', en: 'Xiamen', code: '350200' }] },
      ],
    },
  ],
};

/** The logistics company (HL001): the other company, seen by the agent and platform users. */
export const HARBOR: DemoCompany = {
  companyNo: 'HL001',
  name: '海港物流',
  labels: ['片区', '省', '市'],
  storesPerCity: 3,
  storeName: (city, i) => `${city.zh}${NUMBERS[i % NUMBERS.length]}号仓`,
  regions: [
    {
      zh: '西部大区',
      en: 'West',
      provinces: [
        { zh: '四川', en: 'Sichuan', cities: [{ zh: '成都', en: 'Chengdu', code: '510100' }] },
        { zh: '重庆', en: 'Chongqing', cities: [{ zh: '重庆', en: 'Chongqing', code: '500100' }] },
      ],
    },
    {
      zh: '华中大区',
      en: 'Central',
      provinces: [
        { zh: '湖北', en: 'Hubei', cities: [{ zh: '武汉', en: 'Wuhan', code: '420100' }] },
        { zh: '湖南', en: 'Hunan', cities: [{ zh: '长沙', en: 'Changsha', code: '430100' }] },
      ],
    },
  ],
};

export const DEMO_COMPANIES: DemoCompany[] = [NORTHWIND, HARBOR];

/** The street address of a city's `index`-th store (its street also names a retail store). */
export function demoAddress(city: DemoCity, index: number): string {
  return `${city.zh}市${STREETS[index % STREETS.length]}${18 + index * 7}号`;
}

/** What the demo operator's role grants: day-to-day monitoring, no user, role, settings or log pages. */
export const OPERATOR_AUTHORITIES = [
  MODULE.dashboard,
  MODULE.monitorScreen,
  MODULE.store,
  PAGE.storeOverview,
  MODULE.device,
  PAGE.deviceMonitored,
  PAGE.deviceNotMonitored,
  PAGE.deviceInventory,
  PAGE.deviceNonNetwork,
  PAGE.gateway,
  PAGE.deviceUsage,
  PAGE.deviceHealth,
  MODULE.dynamicMonitor,
  MODULE.alert,
  PAGE.alertStore,
  PAGE.alertDynamic,
  MODULE.task,
];
export const OPERATOR_BUTTONS = [
  'device:ping',
  'offline-reason:edit',
  'alert:ack',
  'alert:close',
  'task:update',
];

/** A read-only role over the whole company: dashboards only. */
export const VIEWER_AUTHORITIES = [MODULE.dashboard, MODULE.monitorScreen];

export interface DemoRole {
  name: string;
  description: string;
}

/** The demo roles: the retail chain's East China operator and viewer, the logistics company's operator. */
export const DEMO_ROLES = {
  eastOperator: { name: '华东运维', description: '负责华东大区门店的设备监控' },
  viewer: { name: '只读访客', description: '查看全部门店的看板，只读' },
  warehouseOperator: { name: '仓库运维', description: '负责全部仓库的设备监控' },
} as const satisfies Record<string, DemoRole>;

export interface DemoAccount {
  username: string;
  /** The display name the console shows (creator, last editor, the header). */
  name: string;
  userType: 0 | 1 | 2 | 3;
  /** What the account is, for the start-up log (English, like the rest of the log). */
  what: string;
}

/** The first platform user's display name, with or without demo data. */
export const PLATFORM_ADMIN_NAME = '平台管理员';

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'platform',
    name: PLATFORM_ADMIN_NAME,
    userType: 0,
    what: 'platform user (admin application, /admin/)',
  },
  { username: 'admin', name: '北风管理员', userType: 1, what: 'customer admin of the retail chain (NW001)' },
  { username: 'agent', name: '代理管理员', userType: 2, what: 'agent-platform admin over both companies' },
  { username: 'operator', name: '华东运维员', userType: 3, what: 'common user, East China region only' },
];

/** The demo account called `username` (tests read display names from here). */
export function demoAccount(username: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  return account;
}
