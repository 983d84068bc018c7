/**
 * The list-page block every list page uses.
 *
 * ```tsx
 * const FILTERS = { userName: 'text', apiName: 'text' } as const satisfies FilterSpec; // module level
 * const SORT_FIELDS = ['operationTime'] as const;                                      // module level
 *
 * function OperationLogPage() {
 *   const list = useListPage({
 *     endpoint: CallLogEndpoints.queryByPage,   // the paged call; rows are typed by its response
 *     filters: FILTERS,
 *     rowKey: 'id',
 *     sortFields: SORT_FIELDS,                 // optional; omit for unsortable lists
 *     defaultSort: { sortBy: 'operationTime', sortDirection: 'desc' }, // optional, module-level constant
 *     // optional: toQuery: (params) => ({ ...params, monitored: 1 }), when URL filters are not the call's fields
 *   });
 *   return (
 *     <>
 *       <ListFilterForm list={list}>
 *         <Form.Item name="userName" label={t('operationLog.filter.userName')}><Input allowClear /></Form.Item>
 *       </ListFilterForm>
 *       <Table {...list.tableProps} columns={[
 *         { dataIndex: 'operationTime', sorter: true, sortOrder: list.sortOrder('operationTime') }, …,
 *         actionsColumn<Row>({ title: t('….column.actions'), actions: (row) => [ … ] })]} />
 *     </>
 *   );
 * }
 * ```
 *
 * - Filters live in the query string (`?userName=ann&pageNum=2`); empty values and defaults are dropped.
 * - The page size a user picks is remembered per user and list (route path) in localStorage and is
 *   what the list opens with when the URL names none (page-size-memory.ts).
 * - Filter values are URL text (`string`, or `string[]` for `'list'` filters); convert in `toQuery`,
 *   and for rich form values (dates) pass `toFormValues`/`fromFormValues` to the form.
 * - Sorting is `sortBy` + `sortDirection` (`asc`/`desc` only), taken from antd Table's sorter.
 * - Declare `filters`, `sortFields` and `defaultSort` outside the component so they keep their identity.
 * - Buttons go inside `<Access codes={[BUTTON.x]}>` (from `../permissions/Access`); row actions are one
 *   `actionsColumn` (RowActions.tsx: codes, confirm, links that remember the list), and their writes
 *   (delete, move, enable) `useCallMutation` (`../api/useCallMutation`), which refreshes the module.
 * - Links to the add page carry `state={fromHere(location)}` (`../form`), so the form returns here.
 */

export * from './CascadePicker';
export * from './ListFilterBar';
export * from './ListFilterForm';
export * from './ListTable';
export * from './list-query';
export * from './NativeSelect';
export * from './RowActions';
export * from './useListPage';
export * from './WideFilter';
