/**
 * Small marks of our own for list cells and the shell, drawn with the theme's tokens as antd draws them,
 * without antd's Typography (which brings its editing, copying and ellipsis measuring), Tag or Badge
 * (docs/decisions/web.md "What loads when"):
 * - `ToneText`: text in a theme colour (Typography.Text's `type`);
 * - `StatusTag`: a tag in a status colour (Tag's `color="success" | "warning" | "error" | "processing"`);
 * - `StatusDot`: a status dot with its text (Badge's `status` + `text`);
 * - `CountBubble`: a count over an icon button (Badge's `count`, `size="small"`); nothing at 0.
 */
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

type Token = ReturnType<typeof theme.useToken>['token'];

export type Tone = 'success' | 'warning' | 'danger' | 'secondary';

/** The colour of a tone (`undefined`: the normal text colour). */
export function toneColor(token: Token, tone: Tone | undefined): string | undefined {
  switch (tone) {
    case 'success':
      return token.colorSuccess;
    case 'warning':
      return token.colorWarning;
    case 'danger':
      return token.colorError;
    case 'secondary':
      return token.colorTextSecondary;
    default:
      return undefined;
  }
}

export function ToneText({
  tone,
  strong,
  children,
  'data-testid': testId,
}: {
  tone?: Tone | undefined;
  strong?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  return (
    <span
      style={{ color: toneColor(token, tone), fontWeight: strong ? 600 : undefined }}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

export type StatusColor = 'success' | 'warning' | 'error' | 'processing' | 'default';

/** A status tag's colours: text, background and border from the theme (Tag's status presets). */
export function statusTagColors(
  token: Token,
  color: StatusColor,
): { fg: string; bg: string; border: string } {
  switch (color) {
    case 'success':
      return { fg: token.colorSuccess, bg: token.colorSuccessBg, border: token.colorSuccessBorder };
    case 'warning':
      return { fg: token.colorWarning, bg: token.colorWarningBg, border: token.colorWarningBorder };
    case 'error':
      return { fg: token.colorError, bg: token.colorErrorBg, border: token.colorErrorBorder };
    case 'processing':
      return { fg: token.colorInfo, bg: token.colorInfoBg, border: token.colorInfoBorder };
    default:
      return { fg: token.colorText, bg: token.colorFillQuaternary, border: token.colorBorder };
  }
}

export function StatusTag({
  color = 'default',
  children,
  'data-testid': testId,
}: {
  color?: StatusColor;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  const c = statusTagColors(token, color);
  const style: CSSProperties = {
    display: 'inline-block',
    height: 'auto',
    marginInlineEnd: token.marginXS,
    paddingInline: token.paddingXS - 1,
    fontSize: token.fontSizeSM,
    lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
    whiteSpace: 'nowrap',
    color: c.fg,
    background: c.bg,
    border: `${token.lineWidth}px ${token.lineType} ${c.border}`,
    borderRadius: token.borderRadiusSM,
  };
  return (
    <span className="sf-tag" style={style} data-testid={testId}>
      {children}
    </span>
  );
}

export function StatusDot({
  status,
  text,
  'data-testid': testId,
}: {
  status: StatusColor;
  text: ReactNode;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  const color = status === 'default' ? token.colorTextQuaternary : statusTagColors(token, status).fg;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }} data-testid={testId}>
      <span
        aria-hidden="true"
        style={{ width: 6, height: 6, borderRadius: '50%', background: color, flex: 'none' }}
      />
      <span style={{ color: token.colorText }}>{text}</span>
    </span>
  );
}

export function CountBubble({
  count,
  children,
  'data-testid': testId,
}: {
  /** The text to show (e.g. `99+`); `0`, empty or absent shows no bubble. */
  count: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  const shown = count !== 0 && count !== '0' && count !== '' && count !== null && count !== undefined;
  const size = token.fontSizeSM + 2;
  return (
    <span style={{ position: 'relative', display: 'inline-block', lineHeight: 1 }} data-testid={testId}>
      {children}
      {shown ? (
        <sup
          style={{
            position: 'absolute',
            top: 0,
            insetInlineEnd: 0,
            transform: 'translate(50%, -50%)',
            transformOrigin: '100% 0%',
            minWidth: size,
            height: size,
            paddingInline: 4,
            boxSizing: 'border-box',
            borderRadius: size / 2,
            background: token.colorError,
            color: token.colorTextLightSolid,
            fontSize: token.fontSizeSM,
            fontWeight: 'normal',
            lineHeight: `${size}px`,
            textAlign: 'center',
            whiteSpace: 'nowrap',
            boxShadow: `0 0 0 ${token.lineWidth}px ${token.colorBgContainer}`,
            zIndex: 1,
          }}
        >
          {count}
        </sup>
      ) : null}
    </span>
  );
}
