/**
 * What the list table shows, rendered to HTML (the web tests run without a browser; clicks are covered
 * by list-table-logic.test.ts and the browser tests in e2e/).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { type ListColumns, ListTable, type ListTableProps } from './ListTable';

interface Store {
  id: number;
  storeNo: string;
  storeName: string;
}

const COLUMNS: ListColumns<Store> = [
  { key: 'storeNo', dataIndex: 'storeNo', title: 'No.', sorter: true, sortOrder: 'descend' },
  { key: 'storeName', dataIndex: 'storeName', title: 'Name', sorter: true, sortOrder: null, ellipsis: true },
  { key: 'actions', title: 'Actions', fixed: 'right', width: 120, render: (_, row) => `edit ${row.id}` },
];
const ROWS: Store[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  storeNo: `S${i + 1}`,
  storeName: `Store <${i + 1}>`,
}));

const render = (props: Partial<ListTableProps<Store>>) =>
  renderToStaticMarkup(
    createElement(ListTable<Store>, { rowKey: 'id', columns: COLUMNS, dataSource: ROWS, ...props }),
  );
const rowKeys = (html: string) => [...html.matchAll(/data-row-key="(\d+)"/g)].map((m) => Number(m[1]));

describe('ListTable', () => {
  it('marks sortable headers with aria-sort and a keyboard-reachable button', () => {
    const html = render({ pagination: false });
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*><button type="button" class="sf-lt-sort"/);
    expect(html).toMatch(/<th[^>]*aria-sort="none"[^>]*><button/);
    expect(html).toMatch(/<th scope="col"[^>]*>Actions<\/th>/);
  });

  it('renders device text as text and cuts long cells with the full text on hover', () => {
    const html = render({ pagination: false });
    expect(html).toContain('title="Store &lt;1&gt;"');
    expect(html).not.toContain('<1>');
    expect(html).toContain('edit 23');
  });

  it('shows ten rows a page by default, with the pager and total', () => {
    const html = render({ pagination: { showTotal: (total) => `${total} in total` } });
    expect(rowKeys(html)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(html).toContain('23 in total');
    expect(html).toMatch(/aria-current="page"[^>]*>1</);
  });

  it('shows the page the server sent and offers the page sizes', () => {
    const html = render({
      dataSource: ROWS.slice(20),
      pagination: {
        current: 3,
        pageSize: 10,
        total: 23,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50],
      },
    });
    expect(rowKeys(html)).toEqual([21, 22, 23]);
    expect(html).toMatch(/aria-current="page"[^>]*>3</);
    expect(html).toMatch(/class="ant-pagination-options"><select[^>]*>/);
    expect(html).toContain('<option value="10" selected="">10 / page</option>');
  });

  it('leaves the pager out when asked to on a single page', () => {
    const html = render({ dataSource: ROWS.slice(0, 3), pagination: { hideOnSinglePage: true } });
    expect(html).not.toContain('class="sf-pager"');
    expect(rowKeys(html)).toEqual([1, 2, 3]);
  });

  it('shows the empty text when there is no row', () => {
    expect(render({ dataSource: [] })).toContain('No data');
    expect(render({ dataSource: [], locale: { emptyText: 'No stores yet' } })).toContain('No stores yet');
  });

  it('ticks the selected rows and marks the page checkbox', () => {
    const html = render({
      pagination: false,
      dataSource: ROWS.slice(0, 3),
      rowSelection: { selectedRowKeys: [2], onChange: () => undefined },
    });
    expect(html.match(/type="checkbox"/g)).toHaveLength(4);
    expect(html).toMatch(
      /<tr[^>]*data-row-key="2"[^>]*class="ant-table-row sf-lt-selected"[^>]*aria-selected="true"/,
    );
    expect(html.match(/checked=""/g)).toHaveLength(1);
  });

  it('offers an expand button per row when rows expand', () => {
    const html = render({
      pagination: false,
      dataSource: ROWS.slice(0, 2),
      expandable: { expandedRowRender: () => 'more' },
    });
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(2);
    expect(html).not.toContain('more');
  });
  it('marks the innermost pinned column on each side, which shadows columns scrolled under it', () => {
    const columns: ListColumns<Store> = [
      { key: 'storeNo', dataIndex: 'storeNo', title: 'No.', fixed: 'left', width: 100 },
      { key: 'storeName', dataIndex: 'storeName', title: 'Name', fixed: 'left', width: 150 },
      { key: 'id', dataIndex: 'id', title: 'Id', width: 900 },
      { key: 'actions', title: 'Actions', fixed: 'right', width: 120, render: () => 'edit' },
    ];
    const html = render({ columns, pagination: false, scroll: { x: 1270 } });
    expect(html).toMatch(/<th scope="col" class="sf-lt-fixed" style="left:0">No.<\/th>/);
    expect(html).toMatch(
      /<th scope="col" class="sf-lt-fixed sf-lt-fixed-start-edge" style="left:100px">Name/,
    );
    expect(html).toMatch(/<th scope="col" class="sf-lt-fixed sf-lt-fixed-end-edge" style="right:0">Actions/);
    expect(html).toMatch(/<th scope="col">Id<\/th>/);
  });
});
