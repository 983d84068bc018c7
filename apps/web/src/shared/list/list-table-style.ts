/**
 * The list table's look: antd's table and pager drawn with the theme's tokens. The rules read CSS
 * variables that `listTableVars` sets on each table from `theme.useToken()`, so one stylesheet serves the
 * dark and the light theme; React adds it to the document's head once (`<style href precedence>`).
 */
import type { theme } from 'antd';
import type { CSSProperties } from 'react';

type Token = ReturnType<typeof theme.useToken>['token'];

/** The variables the stylesheet reads, from the current theme (cell padding by table size). */
export function listTableVars(token: Token, size: 'small' | 'middle' | 'large'): CSSProperties {
  const [block, inline] =
    size === 'small'
      ? [token.paddingXS, token.paddingXS]
      : size === 'middle'
        ? [token.paddingSM, token.paddingXS]
        : [token.padding, token.padding];
  return {
    '--lt-pad': `${block}px ${inline}px`,
    '--lt-text': token.colorText,
    '--lt-head': token.colorTextHeading,
    '--lt-head-bg': token.colorFillAlter,
    '--lt-bg': token.colorBgContainer,
    '--lt-line': token.colorBorderSecondary,
    '--lt-hover': token.colorFillAlter,
    '--lt-selected': token.controlItemBgActive,
    '--lt-selected-hover': token.controlItemBgActiveHover,
    '--lt-primary': token.colorPrimary,
    '--lt-muted': token.colorTextQuaternary,
    '--lt-disabled': token.colorTextDisabled,
    '--lt-radius': `${token.borderRadiusLG}px`,
    '--lt-radius-sm': `${token.borderRadius}px`,
    '--lt-font': `${token.fontSize}px`,
    '--lt-border': token.colorBorder,
    '--lt-item-hover': token.colorBgTextHover,
    '--lt-shadow': token.boxShadowSecondary,
    color: token.colorText,
    fontSize: token.fontSize,
  } as CSSProperties;
}

export const LIST_TABLE_CSS = `
.sf-lt{position:relative}
.sf-lt-scroll{overflow:auto;border-radius:var(--lt-radius) var(--lt-radius) 0 0}
.sf-lt table{width:100%;border-collapse:separate;border-spacing:0;text-align:start;font-size:var(--lt-font);background:var(--lt-bg)}
.sf-lt th,.sf-lt td{padding:var(--lt-pad);border-bottom:1px solid var(--lt-line);overflow-wrap:break-word;color:var(--lt-text)}
.sf-lt th{background:linear-gradient(var(--lt-head-bg),var(--lt-head-bg)) var(--lt-bg);color:var(--lt-head);font-weight:600;text-align:start;position:relative}
.sf-lt thead th:first-child{border-start-start-radius:var(--lt-radius)}
.sf-lt thead th:last-child{border-start-end-radius:var(--lt-radius)}
.sf-lt thead th+th::before{content:"";position:absolute;inset-inline-start:0;top:50%;height:1.6em;width:1px;transform:translateY(-50%);background:var(--lt-line)}
.sf-lt-sticky-head thead th{position:sticky;top:0;z-index:2}
.sf-lt tbody tr:hover>td{background:linear-gradient(var(--lt-hover),var(--lt-hover)) var(--lt-bg)}
.sf-lt tbody tr.sf-lt-selected>td{background:linear-gradient(var(--lt-selected),var(--lt-selected)) var(--lt-bg)}
.sf-lt tbody tr.sf-lt-selected:hover>td{background:linear-gradient(var(--lt-selected-hover),var(--lt-selected-hover)) var(--lt-bg)}
.sf-lt .sf-lt-fixed{position:sticky;z-index:1;background:var(--lt-bg)}
.sf-lt th.sf-lt-fixed{z-index:3}
.sf-lt .sf-lt-ellipsis{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.sf-lt-sort{all:unset;box-sizing:border-box;display:flex;width:100%;align-items:center;justify-content:space-between;gap:4px;cursor:pointer}
.sf-lt-sort:focus-visible{outline:2px solid var(--lt-primary);outline-offset:2px;border-radius:2px}
.sf-lt-carets{display:inline-flex;flex-direction:column;color:var(--lt-muted);font-size:11px;line-height:0.9}
.sf-lt-carets .on{color:var(--lt-primary)}
.sf-lt-check{width:16px;height:16px;margin:0;cursor:pointer;accent-color:var(--lt-primary);vertical-align:middle}
.sf-lt-narrow{width:48px;text-align:center}
.sf-lt-expand{all:unset;box-sizing:border-box;width:17px;height:17px;line-height:15px;text-align:center;border:1px solid var(--lt-line);border-radius:4px;cursor:pointer;background:var(--lt-bg);color:var(--lt-text)}
.sf-lt-expand:focus-visible{outline:2px solid var(--lt-primary)}
.sf-lt-expanded>td{background:linear-gradient(var(--lt-head-bg),var(--lt-head-bg)) var(--lt-bg)}
.sf-lt-empty{padding:32px 0;text-align:center;color:var(--lt-disabled)}
.sf-pager{display:flex;flex-wrap:wrap;justify-content:flex-end;align-items:center;gap:8px;margin:16px 0;list-style:none;padding:0}
.sf-pager button{all:unset;box-sizing:border-box;min-width:var(--pg-size);height:var(--pg-size);padding:0 6px;text-align:center;line-height:calc(var(--pg-size) - 2px);border:1px solid transparent;border-radius:var(--lt-radius-sm);cursor:pointer;color:var(--lt-text)}
.sf-pager button:hover:not(:disabled){background:var(--lt-item-hover)}
.sf-pager button:focus-visible{outline:2px solid var(--lt-primary)}
.sf-pager button:disabled{color:var(--lt-disabled);cursor:not-allowed}
.sf-pager button[aria-current=page]{border-color:var(--lt-primary);color:var(--lt-primary);font-weight:600}
.sf-pager select{height:var(--pg-size);padding:0 8px;border:1px solid var(--lt-border);border-radius:var(--lt-radius-sm);background:var(--lt-bg);color:var(--lt-text);font:inherit;cursor:pointer}
.sf-pager select:focus-visible{outline:2px solid var(--lt-primary)}
`;
