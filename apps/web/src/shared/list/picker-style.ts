/**
 * The look of our own pickers (`CascadePicker`, `NativeSelect`): antd's select and cascader drawn with the
 * theme's tokens. One stylesheet reads CSS variables that `pickerVars` sets on each picker from
 * `theme.useToken()`, so the dark (default) and the light theme both follow; React adds the sheet to
 * the document's head once (`<style href precedence>`).
 */
import type { theme } from 'antd';
import type { CSSProperties } from 'react';

type Token = ReturnType<typeof theme.useToken>['token'];

export function pickerVars(token: Token): CSSProperties {
  return {
    '--pk-h': `${token.controlHeight}px`,
    '--pk-pad': `0 ${token.paddingSM - 1}px`,
    '--pk-radius': `${token.borderRadius}px`,
    '--pk-radius-lg': `${token.borderRadiusLG}px`,
    '--pk-border': token.colorBorder,
    '--pk-hover-border': token.colorPrimaryHover,
    '--pk-primary': token.colorPrimary,
    '--pk-focus': token.controlOutline,
    '--pk-bg': token.colorBgContainer,
    '--pk-bg-pop': token.colorBgElevated,
    '--pk-text': token.colorText,
    '--pk-muted': token.colorTextQuaternary,
    '--pk-placeholder': token.colorTextPlaceholder,
    '--pk-disabled': token.colorTextDisabled,
    '--pk-disabled-bg': token.colorBgContainerDisabled,
    '--pk-item-hover': token.controlItemBgHover,
    '--pk-item-active': token.controlItemBgActive,
    '--pk-line': token.colorSplit,
    '--pk-shadow': token.boxShadowSecondary,
    '--pk-font': `${token.fontSize}px`,
    '--pk-z': String(token.zIndexPopupBase + 50),
  } as CSSProperties;
}

export const PICKER_CSS = `
.sf-pk{position:relative;display:inline-block;width:100%;font-size:var(--pk-font);color:var(--pk-text);vertical-align:top}
.sf-pk-trigger{box-sizing:border-box;display:flex;align-items:center;gap:4px;width:100%;min-height:var(--pk-h);padding:var(--pk-pad);border:1px solid var(--pk-border);border-radius:var(--pk-radius);background:var(--pk-bg);color:var(--pk-text);cursor:pointer;outline:none;transition:border-color .2s}
.sf-pk-trigger:hover{border-color:var(--pk-hover-border)}
.sf-pk-trigger:focus-visible,.sf-pk-open .sf-pk-trigger{border-color:var(--pk-primary);box-shadow:0 0 0 2px var(--pk-focus)}
.sf-pk-disabled .sf-pk-trigger{cursor:not-allowed;background:var(--pk-disabled-bg);color:var(--pk-disabled);border-color:var(--pk-border);box-shadow:none}
.sf-pk-value{flex:1;min-width:0;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.sf-pk-placeholder{color:var(--pk-placeholder)}
.sf-pk-suffix{flex:none;display:inline-flex;align-items:center;color:var(--pk-muted)}
.sf-pk-clear{all:unset;flex:none;display:none;width:16px;height:16px;border-radius:50%;text-align:center;line-height:15px;font-size:11px;cursor:pointer;background:var(--pk-muted);color:var(--pk-bg)}
.sf-pk:hover .sf-pk-has-value .sf-pk-clear,.sf-pk-clear:focus-visible{display:inline-block}
.sf-pk:hover .sf-pk-has-value .sf-pk-arrow{display:none}
.sf-pk-clear:focus-visible{outline:2px solid var(--pk-primary)}
.sf-pk-pop{position:absolute;top:calc(100% + 4px);inset-inline-start:0;z-index:var(--pk-z);display:flex;max-width:90vw;overflow-x:auto;background:var(--pk-bg-pop);border-radius:var(--pk-radius-lg);box-shadow:var(--pk-shadow)}
.sf-pk-col{list-style:none;margin:0;padding:4px;min-width:111px;max-height:180px;overflow-y:auto;box-sizing:border-box}
.sf-pk-col+.sf-pk-col{border-inline-start:1px solid var(--pk-line)}
.sf-pk-item{display:flex;align-items:center;gap:8px;padding:5px 12px;border-radius:var(--pk-radius);cursor:pointer;white-space:nowrap;line-height:22px}
.sf-pk-item:hover,.sf-pk-item.sf-pk-active{background:var(--pk-item-hover)}
.sf-pk-item[aria-selected=true]{background:var(--pk-item-active);font-weight:600}
.sf-pk-item .ant-cascader-menu-item-content{flex:1}
.sf-pk-expand{color:var(--pk-muted);font-size:10px}
.sf-pk-check{flex:none;box-sizing:border-box;width:16px;height:16px;border:1px solid var(--pk-border);border-radius:4px;background:var(--pk-bg);position:relative}
.sf-pk-check[data-state=checked]{background:var(--pk-primary);border-color:var(--pk-primary)}
.sf-pk-check[data-state=checked]::after{content:"";position:absolute;left:4.5px;top:1.5px;width:4px;height:8px;border:solid var(--pk-bg);border-width:0 2px 2px 0;transform:rotate(45deg)}
.sf-pk-check[data-state=partial]::after{content:"";position:absolute;left:3px;top:6px;width:8px;height:2px;background:var(--pk-primary)}
.sf-pk-empty{padding:8px 12px;color:var(--pk-disabled)}
.sf-pk-select{appearance:none;-webkit-appearance:none;box-sizing:border-box;width:100%;height:var(--pk-h);padding:var(--pk-pad);padding-inline-end:28px;border:1px solid var(--pk-border);border-radius:var(--pk-radius);background:var(--pk-bg);color:var(--pk-text);font:inherit;font-size:var(--pk-font);cursor:pointer;outline:none}
.sf-pk-select:hover{border-color:var(--pk-hover-border)}
.sf-pk-select:focus-visible{border-color:var(--pk-primary);box-shadow:0 0 0 2px var(--pk-focus)}
.sf-pk-select:disabled{cursor:not-allowed;background:var(--pk-disabled-bg);color:var(--pk-disabled)}
.sf-pk-select.sf-pk-placeholder{color:var(--pk-placeholder)}
.sf-pk-select option{color:var(--pk-text);background:var(--pk-bg-pop)}
.sf-pk-select-arrow{position:absolute;inset-inline-end:11px;top:50%;transform:translateY(-50%);pointer-events:none;color:var(--pk-muted);display:inline-flex}
`;
