/**
 * Simulated console users for the capacity benchmark: each signs in (real HTTP, its own session) and,
 * until told to stop, goes round what a person watching the fleet does, with a think time between
 * steps: the session check (`auth/me`, the floor), a page of the monitored-devices list with its status
 * counts (paging on through the list), one device of that page opened (the details page's calls), and a
 * usage report (region, city or store level, last 30 stored days). Each call's time is kept (request
 * sent to body read), by call, so percentiles are exact. Calls are built from the contracts' endpoint
 * objects (paths are written there only).
 */
import {
  AlertEndpoints,
  type AnyEndpoint,
  AuthEndpoints,
  DeviceEndpoints,
  fillPath,
  MonitoringEndpoints,
  type ResponseOf,
  UsageEndpoints,
} from '@storefleet/contracts';

/** The names the benchmark reports calls under. */
export type CallName =
  | 'auth/me'
  | 'device list'
  | 'device status counts'
  | 'device details'
  | 'usage report'
  | 'sign-in';

export interface UserPlan {
  baseUrl: string;
  accounts: ReadonlyArray<{ username: string; password: string }>;
  users: number;
  /** Mean pause between two steps, ms (each pause 0.5–1.5 × this). */
  thinkMs: number;
  /** Region-level ids of the company (for the city report) and a store report's page size. */
  provinceIds: readonly number[];
  usageRange: { startTime: string; endTime: string };
  pageSize: number;
}

export interface CallTimes {
  times: Map<CallName, number[]>;
  /** Calls answered other than 2xx with `ok`, or failed on the network, by name. */
  failures: Map<CallName, number>;
  /** The first few failures, for the report. */
  samples: string[];
}

interface Envelope<T> {
  ok: boolean;
  message?: string;
  data: T;
}

class CallFailed extends Error {}

function urlOf(
  baseUrl: string,
  endpoint: AnyEndpoint,
  params?: Record<string, string | number>,
  query?: Record<string, string | number | undefined>,
): string {
  const url = new URL(fillPath(endpoint.path, params), baseUrl);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

async function request<E extends AnyEndpoint>(
  url: string,
  endpoint: E,
  token: string | null,
  body?: unknown,
): Promise<ResponseOf<E>> {
  const res = await fetch(url, {
    method: endpoint.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let envelope: Envelope<ResponseOf<E>> | null = null;
  try {
    envelope = JSON.parse(text) as Envelope<ResponseOf<E>>;
  } catch {
    // Reported below with the status.
  }
  if (!res.ok || !envelope?.ok)
    throw new CallFailed(
      `${endpoint.method} ${endpoint.path}: ${res.status} ${envelope?.message ?? text.slice(0, 120)}`,
    );
  return envelope.data;
}

interface ListedDevice {
  deviceId: number;
  hostid: string | null;
  shopId: number | null;
}

/** Runs `plan.users` users until `stop()`; resolves with every call's time. */
export function startConsoleUsers(plan: UserPlan): { stop(): Promise<CallTimes> } {
  const times = new Map<CallName, number[]>();
  const failures = new Map<CallName, number>();
  const samples: string[] = [];
  let running = true;
  const sleeping = new Set<() => void>();

  const timed = async <T>(name: CallName, call: () => Promise<T>): Promise<T | null> => {
    const start = performance.now();
    try {
      const result = await call();
      const list = times.get(name) ?? [];
      list.push(performance.now() - start);
      times.set(name, list);
      return result;
    } catch (error) {
      failures.set(name, (failures.get(name) ?? 0) + 1);
      if (samples.length < 5)
        samples.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
  const think = () =>
    new Promise<void>((resolve) => {
      if (!running) return resolve();
      const done = () => {
        clearTimeout(timer);
        sleeping.delete(done);
        resolve();
      };
      const timer = setTimeout(done, plan.thinkMs * (0.5 + Math.random()));
      sleeping.add(done);
    });

  const user = async (n: number) => {
    const account = plan.accounts[n % plan.accounts.length];
    if (!account) return;
    const login = await timed('sign-in', () =>
      request(urlOf(plan.baseUrl, AuthEndpoints.login), AuthEndpoints.login, null, {
        username: account.username,
        password: account.password,
      }),
    );
    // The bench's accounts have no two-step sign-in: a reply without a session is a failed sign-in.
    if (!login || !('accessToken' in login)) return;
    const token = login.accessToken;
    let pageNum = 1 + n;
    let pages = 1;
    let turn = n;
    while (running) {
      await timed('auth/me', () => request(urlOf(plan.baseUrl, AuthEndpoints.me), AuthEndpoints.me, token));
      await think();
      if (!running) break;
      const listQuery = { monitored: 1, pageNum: ((pageNum - 1) % pages) + 1, pageSize: plan.pageSize };
      const [page] = await Promise.all([
        timed('device list', () =>
          request(
            urlOf(plan.baseUrl, DeviceEndpoints.listDevices, {}, listQuery),
            DeviceEndpoints.listDevices,
            token,
          ),
        ),
        timed('device status counts', () =>
          request(
            urlOf(plan.baseUrl, DeviceEndpoints.getDeviceStatus, {}, { monitored: 1 }),
            DeviceEndpoints.getDeviceStatus,
            token,
          ),
        ),
      ]);
      pageNum++;
      const listed = (page?.list ?? []) as ListedDevice[];
      if (page) pages = Math.max(1, Math.ceil(page.total / plan.pageSize));
      await think();
      const device = listed[Math.floor(Math.random() * listed.length)];
      if (device && running) {
        const deviceId = device.deviceId;
        await timed('device details', () =>
          Promise.all([
            request(urlOf(plan.baseUrl, DeviceEndpoints.detail, { deviceId }), DeviceEndpoints.detail, token),
            request(
              urlOf(
                plan.baseUrl,
                MonitoringEndpoints.getRunninginfo,
                {},
                { deviceId, hostid: device.hostid ?? undefined },
              ),
              MonitoringEndpoints.getRunninginfo,
              token,
            ),
            request(
              urlOf(plan.baseUrl, MonitoringEndpoints.getOnlineChart, {}, { deviceId }),
              MonitoringEndpoints.getOnlineChart,
              token,
            ),
            request(
              urlOf(
                plan.baseUrl,
                AlertEndpoints.listAlertsHistory,
                {},
                { deviceId, pageNum: 1, pageSize: 10 },
              ),
              AlertEndpoints.listAlertsHistory,
              token,
            ),
            request(
              urlOf(plan.baseUrl, AlertEndpoints.listAlertsRule, {}, { deviceId }),
              AlertEndpoints.listAlertsRule,
              token,
            ),
          ]),
        );
        await think();
      }
      if (!running) break;
      const shopIds = [...new Set(listed.flatMap((d) => (d.shopId === null ? [] : [d.shopId])))];
      await timed('usage report', () => usageReport(plan, token, turn++, shopIds));
      await think();
    }
  };

  const loops = Array.from({ length: plan.users }, (_, n) => user(n));
  return {
    async stop() {
      running = false;
      for (const done of [...sleeping]) done();
      await Promise.all(loops);
      return { times, failures, samples };
    },
  };
}

/** One report of the usage page, turn by turn: by region, by city (every province), by store. */
function usageReport(
  plan: UserPlan,
  token: string,
  turn: number,
  shopIds: readonly number[],
): Promise<unknown> {
  const range = plan.usageRange;
  switch (turn % 3) {
    case 0:
      return request(urlOf(plan.baseUrl, UsageEndpoints.areaReport), UsageEndpoints.areaReport, token, range);
    case 1:
      return request(urlOf(plan.baseUrl, UsageEndpoints.cityReport), UsageEndpoints.cityReport, token, {
        ...range,
        cityLevelList: [],
        provinceLevelList: plan.provinceIds,
      });
    default:
      if (shopIds.length === 0)
        return request(
          urlOf(plan.baseUrl, UsageEndpoints.areaReportNum),
          UsageEndpoints.areaReportNum,
          token,
          range,
        );
      return request(urlOf(plan.baseUrl, UsageEndpoints.stashReport), UsageEndpoints.stashReport, token, {
        ...range,
        deviceCategory: 'terminal',
        shopIds,
      });
  }
}
