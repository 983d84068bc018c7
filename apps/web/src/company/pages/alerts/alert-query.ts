/**
 * The alert pages' filters between the URL and the calls (pure, unit-tested): the overview's level,
 * status, region cascader paths, category and time range become the record list's query (and, without
 * paging, the counts' and the export's); the monitor log's kinds, region and time range its query. The
 * region paths are the device lists' (`device-query.ts`): levels as ids, a store as `s<id>`.
 */
import type {
  AlertRecordCounts,
  AlertRecordEndpoints,
  MonitorLogKind,
  QueryInput,
} from '@storefleet/contracts';
import { parseRegionPath, type RegionPath, regionQuery } from '@/shared/device/device-query';
import type { FilterSpec, ListParams } from '@/shared/list';

export type AlertListCallQuery = QueryInput<typeof AlertRecordEndpoints.listAlertRecords>;
export type AlertCountCallQuery = QueryInput<typeof AlertRecordEndpoints.getAlertRecordCounts>;
export type MonitorLogCallQuery = QueryInput<typeof AlertRecordEndpoints.listMonitorLog>;

/** The overview's filters. */
export const ALERT_FILTERS = {
  region: 'list',
  deviceCategory: 'text',
  deviceClass: 'text',
  severity: 'text',
  status: 'text',
  startTime: 'text',
  endTime: 'text',
} as const satisfies FilterSpec;
export type AlertListParams = ListParams<typeof ALERT_FILTERS>;

/** The monitor log's filters. */
export const MONITOR_LOG_FILTERS = {
  region: 'list',
  kind: 'list',
  startTime: 'text',
  endTime: 'text',
} as const satisfies FilterSpec;
export type MonitorLogParams = ListParams<typeof MONITOR_LOG_FILTERS>;

const paths = (region: readonly string[] | undefined): RegionPath[] =>
  (region ?? []).map(parseRegionPath).filter((p): p is RegionPath => p !== null);

const WHOLE = /^[0-9]+$/;

/** The overview's URL state → listAlertRecords query (empty values dropped; a class needs its category). */
export function alertListQuery(params: Partial<AlertListParams>): AlertListCallQuery {
  const out: AlertListCallQuery = { ...regionQuery(paths(params.region)) };
  const text = (v: string | undefined) => (v !== undefined && v.trim() !== '' ? v.trim() : undefined);
  const severity = text(params.severity);
  const status = text(params.status);
  if (severity && WHOLE.test(severity)) out.severity = Number(severity);
  if (status && WHOLE.test(status)) out.status = Number(status);
  const category = text(params.deviceCategory);
  if (category) {
    out.deviceCategory = category;
    const cls = text(params.deviceClass);
    if (cls) out.deviceClass = cls;
  }
  const start = text(params.startTime);
  const end = text(params.endTime);
  if (start) out.startTime = start;
  if (end) out.endTime = end;
  if (params.pageNum !== undefined) out.pageNum = params.pageNum;
  if (params.pageSize !== undefined) out.pageSize = params.pageSize;
  return out;
}

/** The counts and the export take the list's filters without paging. */
export function alertCountQuery(params: Partial<AlertListParams>): AlertCountCallQuery {
  const { pageNum: _n, pageSize: _s, ...filters } = alertListQuery(params);
  return filters;
}

const KINDS: readonly MonitorLogKind[] = [
  'offline',
  'online',
  'alertOpened',
  'alertRecovered',
  'alertClosed',
];

/** The monitor log's URL state → listMonitorLog query (unknown kinds ignored). */
export function monitorLogQuery(params: Partial<MonitorLogParams>): MonitorLogCallQuery {
  const out: MonitorLogCallQuery = { ...regionQuery(paths(params.region)) };
  const kinds = (params.kind ?? []).filter((k): k is MonitorLogKind => KINDS.includes(k as MonitorLogKind));
  if (kinds.length > 0) out.kind = kinds.join(',');
  if (params.startTime) out.startTime = params.startTime;
  if (params.endTime) out.endTime = params.endTime;
  if (params.pageNum !== undefined) out.pageNum = params.pageNum;
  if (params.pageSize !== undefined) out.pageSize = params.pageSize;
  return out;
}

/** One count card above the overview: what it counts, and the filter it sets when clicked. */
export interface AlertCountCard {
  key: string;
  /** Locale key of the card's title. */
  labelKey: string;
  /** Extra words for the label (a level name). */
  label?: string;
  value: number | undefined;
  /** The filter the card sets: status or severity (open ones); null clears both. */
  filter: { status?: string; severity?: string } | null;
  tone: 'neutral' | 'bad' | 'good';
}

/**
 * The overview's cards: all, open (red when any), ended, then open ones per level from the highest
 * (levels without open records are left out, so the row stays short).
 */
export function alertCountCards(
  counts: AlertRecordCounts | undefined,
  levelName: (severity: number) => string,
): AlertCountCard[] {
  const cards: AlertCountCard[] = [
    { key: 'total', labelKey: 'alerts.count.total', value: counts?.total, filter: null, tone: 'neutral' },
    {
      key: 'unresolved',
      labelKey: 'alerts.count.unresolved',
      value: counts?.unresolved,
      filter: { status: '0' },
      tone: 'bad',
    },
    {
      key: 'recovered',
      labelKey: 'alerts.count.recovered',
      value: counts?.recovered,
      filter: { status: '1' },
      tone: 'good',
    },
  ];
  const levels = [...(counts?.bySeverity ?? [])]
    .filter((s) => s.num > 0)
    .sort((a, b) => b.severity - a.severity);
  for (const level of levels) {
    cards.push({
      key: `severity-${level.severity}`,
      labelKey: 'alerts.count.level',
      label: levelName(level.severity),
      value: level.num,
      filter: { status: '0', severity: String(level.severity) },
      tone: 'bad',
    });
  }
  return cards;
}

/** Whether `card` is the one the current filters show. */
export function isActiveAlertCard(
  card: AlertCountCard,
  filters: { status?: string; severity?: string },
): boolean {
  if (card.filter === null) return !filters.status && !filters.severity;
  return (
    (card.filter.status ?? '') === (filters.status ?? '') &&
    (card.filter.severity ?? '') === (filters.severity ?? '')
  );
}

/** What the header badge shows: the count, capped as "99+". */
export function badgeText(open: number): string {
  return open > 99 ? '99+' : String(open);
}
