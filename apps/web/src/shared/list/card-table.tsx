/**
 * What the device page's card tables (alert rules, alert events, offline reasons) share: the empty text,
 * said only once the answer is in (an empty table while loading is not "none"), and their pager.
 */
import { Empty } from 'antd';
import type { TFunction } from 'i18next';

/** The table's `locale`: `text` as its empty state once `loaded`, nothing before. */
export function cardTableEmpty(loaded: boolean, text: string, testId: string) {
  return {
    emptyText: loaded ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid={testId} />
    ) : (
      <span />
    ),
  };
}

/** The pager of a card table: sizes to choose, the total, shown on a single page too. */
export function cardTablePager(t: TFunction) {
  return {
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total: number) => t('common.total', { total }),
    hideOnSinglePage: false,
  };
}
