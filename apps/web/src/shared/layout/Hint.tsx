/**
 * A hover/focus hint of our own for the header's icon buttons, drawn as antd's Tooltip (spotlight
 * background, light text), without it: antd's Tooltip brings @rc-component/trigger to start-up
 * (docs/decisions/web.md "What loads when"). The bubble shows below its button on pointer hover and on
 * keyboard focus; hidden, it is out of the accessibility tree (the button carries the same text as its
 * `aria-label`).
 */
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

const HINT_CSS = `
.sf-hint{position:relative;display:inline-flex}
.sf-hint-bubble{position:absolute;top:calc(100% + 6px);left:50%;transform:translateX(-50%);z-index:var(--hint-z);box-sizing:border-box;max-width:250px;padding:6px 8px;border-radius:var(--hint-radius);background:var(--hint-bg);color:var(--hint-fg);box-shadow:var(--hint-shadow);font-size:var(--hint-font);line-height:1.5715;white-space:nowrap;pointer-events:none;opacity:0;visibility:hidden;transition:opacity .1s}
.sf-hint:hover>.sf-hint-bubble,.sf-hint:focus-within>.sf-hint-bubble{opacity:1;visibility:visible}
`;

export function Hint({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  const vars = {
    '--hint-bg': token.colorBgSpotlight,
    '--hint-fg': token.colorTextLightSolid,
    '--hint-radius': `${token.borderRadius}px`,
    '--hint-shadow': token.boxShadowSecondary,
    '--hint-font': `${token.fontSize}px`,
    '--hint-z': String(token.zIndexPopupBase + 70),
  } as CSSProperties;
  return (
    <span className="sf-hint" style={vars}>
      <style href="storefleet-hint" precedence="medium">
        {HINT_CSS}
      </style>
      {children}
      <span role="tooltip" className="sf-hint-bubble">
        {title}
      </span>
    </span>
  );
}
