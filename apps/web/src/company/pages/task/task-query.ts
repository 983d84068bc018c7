/**
 * The task list's filters (pure, unit-tested): how they live in the URL, how the form shows them (a due
 * date range, an "overdue only" switch) and how they become the `task/list` query.
 */
import type { TaskListQuery, TaskStageCountsQuery } from '@storefleet/contracts';
import dayjs, { type Dayjs } from 'dayjs';

import type { FilterSpec, ListParams } from '@/shared/list';

export const TASK_FILTERS = {
  stage: 'list',
  type: 'text',
  priority: 'text',
  assigneeId: 'text',
  areaId: 'text',
  shopId: 'text',
  dueFrom: 'text',
  dueTo: 'text',
  overdue: 'text',
  keyword: 'text',
} as const satisfies FilterSpec;
export type TaskListParams = ListParams<typeof TASK_FILTERS>;

const DATE = 'YYYY-MM-DD';

/** URL filters → form values: the due days as a range, "overdue only" as a switch, ids as numbers. */
export function taskFormValues(filters: Record<string, unknown>): Record<string, unknown> {
  const { dueFrom, dueTo, overdue, assigneeId, areaId, shopId, ...rest } = filters;
  const day = (v: unknown) => (typeof v === 'string' && dayjs(v, DATE).isValid() ? dayjs(v, DATE) : null);
  const from = day(dueFrom);
  const to = day(dueTo);
  const num = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
  return {
    ...rest,
    assigneeId: num(assigneeId),
    areaId: num(areaId),
    shopId: num(shopId),
    due: from || to ? [from, to] : undefined,
    overdue: overdue === '1',
  };
}

/** Form values → URL filters: the range as two days, the switch as `overdue=1` (off: no filter). */
export function taskFiltersFromForm(values: Record<string, unknown>): Record<string, unknown> {
  const { due, overdue, ...rest } = values as { due?: [Dayjs | null, Dayjs | null] | null } & Record<
    string,
    unknown
  >;
  return {
    ...rest,
    dueFrom: due?.[0]?.format(DATE),
    dueTo: due?.[1]?.format(DATE),
    overdue: overdue === true ? '1' : undefined,
  };
}

type Filters = Omit<TaskListParams, 'pageNum' | 'pageSize' | 'sortBy' | 'sortDirection'>;

/** The filters shared by the list and the stage counts, as the calls read them. */
export function taskFilterQuery(params: Filters): TaskStageCountsQuery {
  const id = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const query: Record<string, unknown> = {
    type: params.type,
    priority: params.priority,
    assigneeId: id(params.assigneeId),
    areaId: id(params.areaId),
    shopId: id(params.shopId),
    dueFrom: params.dueFrom,
    dueTo: params.dueTo,
    overdue: params.overdue === '1' ? 1 : undefined,
    keyword: params.keyword,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as TaskStageCountsQuery;
}

/** The `task/list` query: the filters, the stages comma-joined, and the page. */
export function taskListQuery(params: TaskListParams): TaskListQuery {
  const stages = params.stage ?? [];
  return {
    ...taskFilterQuery(params),
    ...(stages.length > 0 ? { stage: stages.join(',') } : {}),
    pageNum: params.pageNum,
    pageSize: params.pageSize,
  } as unknown as TaskListQuery;
}
