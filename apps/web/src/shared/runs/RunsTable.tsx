import { type ListColumns, ListTable } from '../list';
import { RUN_PAGE_SIZE, type RunLike, type RunPicker } from './useRunPicker';

/**
 * A page of runs (net tests, upgrades), the chosen one in bold; a click on a row chooses it. Used with
 * `useRunPicker`, which reads the runs and the chosen run's detail.
 */
export function RunsTable<R extends RunLike>({
  picker,
  columns,
  testId,
}: {
  picker: RunPicker<R>;
  columns: ListColumns<R>;
  testId: string;
}) {
  const { runs, runId, pageNum } = picker;
  return (
    <ListTable<R>
      rowKey="id"
      columns={columns}
      dataSource={runs.data?.list ?? []}
      loading={runs.isFetching && !runs.data}
      size="middle"
      onRow={(r) => ({
        onClick: () => picker.choose(r.id),
        style: { cursor: 'pointer', fontWeight: r.id === runId ? 600 : undefined },
      })}
      pagination={{
        current: pageNum,
        pageSize: RUN_PAGE_SIZE,
        total: runs.data?.total ?? 0,
        onChange: picker.setPageNum,
      }}
      data-testid={testId}
    />
  );
}
