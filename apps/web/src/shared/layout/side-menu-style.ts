/**
 * The side menu's look: antd's inline menu drawn with the theme's tokens (variables set per render
 * by `menuVars`, one stylesheet for both themes, added to the head once by React).
 */
import type { theme } from 'antd';
import type { CSSProperties } from 'react';

type Token = ReturnType<typeof theme.useToken>['token'];

export function menuVars(token: Token): CSSProperties {
  return {
    '--mn-text': token.colorText,
    '--mn-hover': token.colorBgTextHover,
    '--mn-selected': token.controlItemBgActive,
    '--mn-primary': token.colorPrimary,
    '--mn-radius': `${token.borderRadiusLG}px`,
    '--mn-font': `${token.fontSize}px`,
  } as CSSProperties;
}

export const SIDE_MENU_CSS = `
.sf-menu{padding:4px 0;font-size:var(--mn-font)}
.sf-menu-list{list-style:none;margin:0;padding:0}
.sf-menu-item{all:unset;box-sizing:border-box;display:flex;align-items:center;gap:10px;width:calc(100% - 8px);height:40px;margin:4px;padding-inline-end:16px;border-radius:var(--mn-radius);color:var(--mn-text);cursor:pointer;white-space:nowrap;transition:background .2s,color .2s}
.sf-menu-item:hover{background:var(--mn-hover)}
.sf-menu-item:focus-visible{outline:2px solid var(--mn-primary);outline-offset:-2px}
.sf-menu-active{color:var(--mn-primary)}
.sf-menu-selected,.sf-menu-selected:hover{background:var(--mn-selected);color:var(--mn-primary)}
.sf-menu-text{flex:1;overflow:hidden;text-overflow:ellipsis}
.sf-menu-icon{display:inline-flex;font-size:14px}
.sf-menu-chevron{width:6px;height:6px;border-inline-end:1.5px solid currentColor;border-bottom:1.5px solid currentColor;transform:rotate(45deg);transition:transform .2s;opacity:.65}
.sf-menu-chevron.open{transform:rotate(-135deg)}
`;
