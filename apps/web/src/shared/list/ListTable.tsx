/**
 * The table of every list page (issue 9 item 12): a semantic `<table>` drawn like antd's, for the subset
 * of antd Table's props our pages use. Import it from here, never `Table` from antd: antd's table brings
 * its column-filter dropdown (Tree, Radio, Checkbox) and more, ≈ 60 KB gzipped, to every list page.
 *
 *   <ListTable<Store> {...list.tableProps} columns={columns} size="middle" data-testid="store-table" />
 *
 * - Sorting: a sortable column's header is a button (keyboard: Tab, Enter/Space) cycling ascending →
 *   descending → none; the header carries `aria-sort`; the order is controlled (`sortOrder`), the click
 *   reported through `onChange(pagination, {}, sorter)` as antd reports it (list-query reads it).
 * - Paging (ListPager.tsx): controlled by `pagination.current` (server pages) or kept here (a list held
 *   in full, sliced per page); `pagination={false}` shows every row; default 10 rows a page.
 * - `rowSelection`: a checkbox per row and one for the page (labelled, `indeterminate` for some).
 * - `expandable`: a labelled +/− button per row opening a row below it.
 * - `fixed` columns stay in view when the table scrolls sideways; the innermost pinned column on each
 *   side casts a shadow while columns are hidden under it (useScrollEdges.ts), as antd's table does.
 * - Stable hooks for tests: `tbody.ant-table-tbody`, `tr.ant-table-row[data-row-key]`,
 *   `.ant-pagination-options select`.
 */
import { ConfigProvider, Spin, theme } from 'antd';
import {
  type CSSProperties,
  type HTMLAttributes,
  type Key,
  type ReactNode,
  useContext,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

import { ListPager } from './ListPager';
import {
  ariaSort,
  cellValue,
  keyOfRow,
  nextSortOrder,
  rowsOfPage,
  selectionState,
  toggleSelection,
} from './list-table-logic';
import { LIST_TABLE_CSS, listTableVars } from './list-table-style';
import { SCROLL_EDGES_CSS, useScrollEdges } from './useScrollEdges';

/** How a column is sorted now (`list.sortOrder(field)`). */
export type ListSortOrder = 'ascend' | 'descend' | null;

/** One column of a list table (a subset of antd's column type). */
export interface ListColumn<Row> {
  key?: Key;
  /** The row field the cell shows (and passes to `render`); dotted paths read nested fields. */
  dataIndex?: string;
  title?: ReactNode;
  // biome-ignore lint/suspicious/noExplicitAny: the cell value is the field's type, which pages name
  render?: (value: any, row: Row, index: number) => ReactNode;
  /** The server sorts by this column (clicking the header asks for it). */
  sorter?: boolean;
  sortOrder?: ListSortOrder;
  width?: number | string;
  /** Keeps the column in view when the table scrolls sideways. */
  fixed?: 'left' | 'right';
  /** Cuts long text on one line; the full text shows on hover unless `showTitle` is false. */
  ellipsis?: boolean | { showTitle?: boolean };
  align?: 'left' | 'right' | 'center';
  className?: string;
}

export type ListColumns<Row> = ListColumn<Row>[];

/** Paging of a list table; `false` shows every row. */
export interface ListPagination {
  current?: number;
  pageSize?: number;
  total?: number;
  showSizeChanger?: boolean;
  pageSizeOptions?: (number | string)[];
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  hideOnSinglePage?: boolean;
  /** Told of a page or page-size change (besides the table's `onChange`). */
  onChange?: (page: number, pageSize: number) => void;
}

/** What a header click or a pager change reports (the shape of antd's sorter, which list-query reads). */
export interface ListSorter {
  columnKey?: Key;
  field?: Key;
  order?: ListSortOrder;
}

export interface ListRowSelection<Row> {
  selectedRowKeys: Key[];
  onChange: (keys: Key[], rows: Row[]) => void;
  getCheckboxProps?: (row: Row) => { disabled?: boolean };
}

export interface ListTableProps<Row> {
  dataSource: readonly Row[];
  columns: ListColumns<Row>;
  rowKey: string | ((row: Row) => Key);
  loading?: boolean;
  pagination?: false | ListPagination;
  onChange?: (
    pagination: { current: number; pageSize: number },
    filters: Record<string, never>,
    sorter: ListSorter,
  ) => void;
  size?: 'small' | 'middle' | 'large';
  /** `x`: the table's least width (sideways scrolling below it); `y`: body height, header stays. */
  scroll?: { x?: number | string | true; y?: number | string };
  tableLayout?: 'auto' | 'fixed';
  rowSelection?: ListRowSelection<Row>;
  onRow?: (row: Row, index: number) => HTMLAttributes<HTMLTableRowElement>;
  expandable?: { expandedRowRender: (row: Row) => ReactNode; rowExpandable?: (row: Row) => boolean };
  locale?: { emptyText?: ReactNode };
  className?: string;
  'data-testid'?: string;
}

const DEFAULT_PAGE_SIZE = 10;
const NARROW = 48;

const columnKey = <Row,>(column: ListColumn<Row>, index: number): Key =>
  column.key ?? column.dataIndex ?? index;

/** Sticky offsets of fixed columns, from the widths of the fixed columns outside them. */
function fixedOffsets<Row>(columns: ListColumns<Row>, leading: number): (CSSProperties | undefined)[] {
  const px = (column: ListColumn<Row>) => (typeof column.width === 'number' ? column.width : 0);
  return columns.map((column, index) => {
    if (column.fixed === 'left')
      return {
        left:
          leading +
          columns
            .slice(0, index)
            .filter((c) => c.fixed === 'left')
            .reduce((s, c) => s + px(c), 0),
      };
    if (column.fixed === 'right')
      return {
        right: columns
          .slice(index + 1)
          .filter((c) => c.fixed === 'right')
          .reduce((s, c) => s + px(c), 0),
      };
    return undefined;
  });
}

/** The class of a pinned column: the innermost one on each side casts the shadow while columns scroll under it. */
function fixedClasses<Row>(columns: ListColumns<Row>): (string | undefined)[] {
  const lastStart = columns.findLastIndex((c) => c.fixed === 'left');
  const firstEnd = columns.findIndex((c) => c.fixed === 'right');
  return columns.map((column, index) => {
    if (!column.fixed) return undefined;
    if (index === lastStart) return 'sf-lt-fixed sf-lt-fixed-start-edge';
    if (index === firstEnd) return 'sf-lt-fixed sf-lt-fixed-end-edge';
    return 'sf-lt-fixed';
  });
}

function SortCarets({ order }: { order: ListSortOrder | undefined }) {
  return (
    <span className="sf-lt-carets" aria-hidden="true">
      <span className={order === 'ascend' ? 'on' : undefined}>▲</span>
      <span className={order === 'descend' ? 'on' : undefined}>▼</span>
    </span>
  );
}

/** The list table (see the file comment). */
export function ListTable<Row extends object>(props: ListTableProps<Row>) {
  const { dataSource, columns, rowKey, pagination, rowSelection, expandable, onRow, scroll } = props;
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const antLocale = useContext(ConfigProvider.ConfigContext).locale;
  const texts = antLocale?.Table ?? {};
  const defaultEmpty = antLocale?.Empty?.description ?? 'No data';
  const paged = pagination !== false;
  const config = paged ? (pagination ?? {}) : {};
  const [ownPage, setOwnPage] = useState(1);
  const [ownSize, setOwnSize] = useState(config.pageSize ?? DEFAULT_PAGE_SIZE);
  const pageSize = config.pageSize ?? ownSize;
  const total = config.total ?? dataSource.length;
  const current = config.current ?? ownPage;
  const rows = paged ? rowsOfPage(dataSource, current, pageSize) : dataSource;
  const shownKeys = rows.map((row) => keyOfRow(row, rowKey));
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  const sortedColumn = columns.findIndex((c) => c.sorter && c.sortOrder);
  const sorterOf = (index: number, order: ListSortOrder): ListSorter => {
    const column = columns[index];
    return column ? { columnKey: columnKey(column, index), field: column.dataIndex, order } : {};
  };
  const report = (page: number, size: number, sorter: ListSorter) => {
    if (config.current === undefined) setOwnPage(page);
    if (config.pageSize === undefined) setOwnSize(size);
    config.onChange?.(page, size);
    props.onChange?.({ current: page, pageSize: size }, {}, sorter);
  };
  const sortBy = (index: number) =>
    report(1, pageSize, sorterOf(index, nextSortOrder(columns[index]?.sortOrder)));

  const selected = rowSelection?.selectedRowKeys ?? [];
  const select = (keys: readonly Key[], checked: boolean) => {
    if (!rowSelection) return;
    const next = toggleSelection(selected, shownKeys, keys, checked);
    rowSelection.onChange(
      next,
      rows.filter((row) => next.includes(keyOfRow(row, rowKey))),
    );
  };
  const enabledKeys = rowSelection
    ? rows.filter((row) => !rowSelection.getCheckboxProps?.(row).disabled).map((row) => keyOfRow(row, rowKey))
    : [];
  const pageState = selectionState(selected, enabledKeys);

  const leading = (rowSelection ? NARROW : 0) + (expandable ? NARROW : 0);
  const offsets = fixedOffsets(columns, leading);
  const pinned = fixedClasses(columns);
  const scrollBox = useRef<HTMLDivElement>(null);
  useScrollEdges(scrollBox);
  const size = props.size ?? 'large';
  const minWidth = scroll?.x === true ? 'max-content' : scroll?.x;
  const spanAll = columns.length + (rowSelection ? 1 : 0) + (expandable ? 1 : 0);

  return (
    <div
      className={`sf-lt${scroll?.y ? ' sf-lt-sticky-head' : ''}${props.className ? ` ${props.className}` : ''}`}
      style={{ ...listTableVars(token, size), '--lt-edge': token.colorSplit } as CSSProperties}
      data-testid={props['data-testid']}
    >
      <style href="storefleet-list-table" precedence="medium">
        {LIST_TABLE_CSS + SCROLL_EDGES_CSS}
      </style>
      <Spin spinning={props.loading ?? false}>
        <div ref={scrollBox} className="sf-lt-scroll" style={scroll?.y ? { maxHeight: scroll.y } : undefined}>
          <table style={{ minWidth, tableLayout: props.tableLayout ?? (minWidth ? 'fixed' : 'auto') }}>
            <colgroup>
              {expandable ? <col style={{ width: NARROW }} /> : null}
              {rowSelection ? <col style={{ width: NARROW }} /> : null}
              {columns.map((column, index) => (
                <col key={columnKey(column, index)} style={{ width: column.width }} />
              ))}
            </colgroup>
            <thead className="ant-table-thead">
              <tr>
                {expandable ? <th className="sf-lt-narrow" aria-label={texts.expand} /> : null}
                {rowSelection ? (
                  <th className="sf-lt-narrow">
                    <input
                      type="checkbox"
                      className="sf-lt-check"
                      aria-label={texts.selectAll as string | undefined}
                      checked={pageState === 'all'}
                      ref={(box) => {
                        if (box) box.indeterminate = pageState === 'some';
                      }}
                      disabled={enabledKeys.length === 0}
                      onChange={(event) => select(enabledKeys, event.target.checked)}
                    />
                  </th>
                ) : null}
                {columns.map((column, index) => (
                  <th
                    key={columnKey(column, index)}
                    scope="col"
                    className={[pinned[index] ?? '', column.className ?? ''].join(' ').trim() || undefined}
                    style={{ ...offsets[index], textAlign: column.align }}
                    aria-sort={column.sorter ? ariaSort(column.sortOrder) : undefined}
                  >
                    {column.sorter ? (
                      <button
                        type="button"
                        className="sf-lt-sort"
                        title={texts.sortTitle}
                        onClick={() => sortBy(index)}
                      >
                        <span>{column.title}</span>
                        <SortCarets order={column.sortOrder} />
                      </button>
                    ) : (
                      column.title
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="ant-table-tbody">
              {rows.length === 0 ? (
                <tr className="sf-lt-placeholder">
                  <td colSpan={spanAll}>
                    <div className="sf-lt-empty">{props.locale?.emptyText ?? defaultEmpty}</div>
                  </td>
                </tr>
              ) : (
                rows.flatMap((row, rowIndex) => {
                  const key = keyOfRow(row, rowKey);
                  const isSelected = selected.includes(key);
                  const canExpand = expandable && (expandable.rowExpandable?.(row) ?? true);
                  const isOpen = canExpand && expanded.includes(key);
                  const attrs = onRow?.(row, rowIndex) ?? {};
                  const line = (
                    <tr
                      {...attrs}
                      key={key}
                      data-row-key={key}
                      className={`ant-table-row${isSelected ? ' sf-lt-selected' : ''}${attrs.className ? ` ${attrs.className}` : ''}`}
                      aria-selected={rowSelection ? isSelected : undefined}
                    >
                      {expandable ? (
                        <td className="sf-lt-narrow">
                          {canExpand ? (
                            <button
                              type="button"
                              className="sf-lt-expand"
                              aria-expanded={isOpen}
                              aria-label={isOpen ? texts.collapse : texts.expand}
                              onClick={() =>
                                setExpanded((was) =>
                                  was.includes(key) ? was.filter((k) => k !== key) : [...was, key],
                                )
                              }
                            >
                              {isOpen ? '−' : '+'}
                            </button>
                          ) : null}
                        </td>
                      ) : null}
                      {rowSelection ? (
                        <td className="sf-lt-narrow">
                          <input
                            type="checkbox"
                            className="sf-lt-check"
                            aria-label={t('common.selectRow')}
                            checked={isSelected}
                            disabled={rowSelection.getCheckboxProps?.(row).disabled ?? false}
                            onChange={(event) => select([key], event.target.checked)}
                          />
                        </td>
                      ) : null}
                      {columns.map((column, index) => {
                        const value = cellValue(row, column.dataIndex);
                        const content = column.render
                          ? column.render(value, row, rowIndex)
                          : (value as ReactNode);
                        const cut = Boolean(column.ellipsis);
                        const showTitle =
                          typeof column.ellipsis === 'object' ? column.ellipsis.showTitle !== false : cut;
                        const plain = typeof content === 'string' || typeof content === 'number';
                        return (
                          <td
                            key={columnKey(column, index)}
                            className={
                              [pinned[index] ?? '', cut ? 'sf-lt-ellipsis' : '', column.className ?? '']
                                .join(' ')
                                .trim() || undefined
                            }
                            style={{ ...offsets[index], textAlign: column.align }}
                            title={cut && showTitle && plain ? String(content) : undefined}
                          >
                            {content}
                          </td>
                        );
                      })}
                    </tr>
                  );
                  if (!isOpen || !expandable) return [line];
                  return [
                    line,
                    <tr key={`${key}-expanded`} className="sf-lt-expanded">
                      <td colSpan={spanAll}>{expandable.expandedRowRender(row)}</td>
                    </tr>,
                  ];
                })
              )}
            </tbody>
          </table>
        </div>
      </Spin>
      {paged ? (
        <ListPager
          pagination={config}
          current={current}
          pageSize={pageSize}
          total={total}
          small={size !== 'large'}
          onChange={(page, nextSize) =>
            report(
              page,
              nextSize,
              sortedColumn >= 0 ? sorterOf(sortedColumn, columns[sortedColumn]?.sortOrder ?? null) : {},
            )
          }
        />
      ) : null}
    </div>
  );
}
