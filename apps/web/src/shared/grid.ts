import type { ColProps } from 'antd';

/**
 * The grid breakpoints of spec §9 on antd's 24-column grid: one field per row on phones, up to six on
 * wide screens. Filter forms put each field in a `<Col {...FILTER_COL}>`.
 */
export const FILTER_COL = { xs: 24, sm: 12, md: 8, lg: 6, xl: 6, xxl: 4 } as const satisfies ColProps;

/** A filter that needs two fields' room (a range of two dates): twice FILTER_COL, one row on phones. */
export const WIDE_FILTER_COL = { xs: 24, sm: 24, md: 16, lg: 12, xl: 12, xxl: 8 } as const satisfies ColProps;
