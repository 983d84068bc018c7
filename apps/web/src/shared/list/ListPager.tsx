import { ConfigProvider } from 'antd';
import { type CSSProperties, useContext } from 'react';
import type { ListPagination } from './ListTable';
import { type PagerItem, pageCount, pageRange, pagerItems } from './list-table-logic';

export interface ListPagerProps {
  pagination: ListPagination;
  current: number;
  pageSize: number;
  total: number;
  small: boolean;
  onChange: (page: number, pageSize: number) => void;
}

const gapLabel = (item: PagerItem) => (item === 'gap-before' ? 'prev_5' : 'next_5');

/**
 * The list table's pager, laid out like antd's: total, previous, page numbers with gaps, next, and the
 * page-size choice (a native select, keyboard and screen-reader friendly). Texts come from antd's locale
 * of the active language, as antd's pager reads them.
 */
export function ListPager({ pagination, current, pageSize, total, small, onChange }: ListPagerProps) {
  const locale = useContext(ConfigProvider.ConfigContext).locale?.Pagination ?? {};
  const pages = pageCount(total, pageSize);
  if (pagination.hideOnSinglePage && pages <= 1) return null;
  const items = pagerItems(current, pages);
  const go = (page: number) => {
    if (page >= 1 && page <= pages && page !== current) onChange(page, pageSize);
  };
  const sizes = (pagination.pageSizeOptions ?? [10, 20, 50, 100]).map(Number);
  const perPage = locale.items_per_page ?? '/ page';
  return (
    <ul className="sf-pager" style={{ '--pg-size': small ? '24px' : '32px' } as CSSProperties}>
      {pagination.showTotal ? (
        <li className="sf-pager-total">{pagination.showTotal(total, pageRange(current, pageSize, total))}</li>
      ) : null}
      <li>
        <button
          type="button"
          aria-label={locale.prev_page}
          title={locale.prev_page}
          disabled={current <= 1}
          onClick={() => go(current - 1)}
        >
          ‹
        </button>
      </li>
      {items.map((item) =>
        typeof item === 'number' ? (
          <li key={item} className="ant-pagination-item" title={String(item)}>
            <button
              type="button"
              aria-current={item === current ? 'page' : undefined}
              onClick={() => go(item)}
            >
              {item}
            </button>
          </li>
        ) : (
          <li key={item}>
            <button
              type="button"
              title={locale[gapLabel(item)]}
              aria-label={locale[gapLabel(item)]}
              onClick={() =>
                go(item === 'gap-before' ? Math.max(1, current - 5) : Math.min(pages, current + 5))
              }
            >
              …
            </button>
          </li>
        ),
      )}
      <li>
        <button
          type="button"
          aria-label={locale.next_page}
          title={locale.next_page}
          disabled={current >= pages}
          onClick={() => go(current + 1)}
        >
          ›
        </button>
      </li>
      {pagination.showSizeChanger ? (
        <li className="ant-pagination-options">
          <select
            aria-label={locale.page_size ?? perPage}
            value={pageSize}
            onChange={(event) => onChange(1, Number(event.target.value))}
          >
            {(sizes.includes(pageSize) ? sizes : [...sizes, pageSize].sort((a, b) => a - b)).map((size) => (
              <option key={size} value={size}>
                {`${size} ${perPage}`}
              </option>
            ))}
          </select>
        </li>
      ) : null}
    </ul>
  );
}
