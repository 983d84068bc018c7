import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** How many runs a page of a runs table shows. */
export const RUN_PAGE_SIZE = 10;
/** How often a running run (and the list holding one) is read again, in ms. */
const RUN_REFRESH_MS = 2000;

export interface RunLike {
  id: number;
  status: string;
}

// The options of `apiQuery(…)`, whatever its key.
// biome-ignore lint/suspicious/noExplicitAny: the key type of each endpoint's query differs.
type RunQuery<T> = UseQueryOptions<T, Error, T, any>;

/**
 * A page of runs, newest first, and the chosen run's detail (the newest until the user picks one);
 * both are read again every 2 s while a run is running. `listQuery` reads a page of `RUN_PAGE_SIZE`
 * runs; `detailQuery` one run with its results.
 */
export function useRunPicker<L extends { list: RunLike[]; total: number }, D extends { run: RunLike }>(
  listQuery: (pageNum: number) => RunQuery<L>,
  detailQuery: (runId: number) => RunQuery<D>,
) {
  const [pageNum, setPageNum] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const runs = useQuery({
    ...listQuery(pageNum),
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'running') ? RUN_REFRESH_MS : false),
  });
  const runId = chosen ?? runs.data?.list[0]?.id ?? null;
  const detail = useQuery({
    ...detailQuery(runId ?? 0),
    enabled: runId !== null,
    refetchInterval: (q) => (q.state.data?.run.status === 'running' ? RUN_REFRESH_MS : false),
  });
  const picker: RunPicker<L['list'][number]> = { pageNum, setPageNum, runId, choose: setChosen, runs };
  return { ...picker, runs, detail };
}

/** What `useRunPicker` gives a `RunsTable`: the page of runs and the chosen run. */
export interface RunPicker<R extends RunLike> {
  pageNum: number;
  setPageNum: (pageNum: number) => void;
  runId: number | null;
  choose: (runId: number) => void;
  runs: { data?: { list: R[]; total: number } | undefined; isFetching: boolean };
}
