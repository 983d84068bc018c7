/**
 * An on/off toggle for list cells, drawn with the theme's tokens as antd's small Switch is, without
 * antd's Switch (its wave effect and key handling are a chunk of their own on the device list's first
 * paint; docs/decisions/web.md "What loads when").
 *
 * A native `<button role="switch">`: Tab reaches it, Space and Enter flip it, `aria-checked` says its
 * state, `disabled` makes it read-only, and `loading` keeps it from being flipped twice (`aria-busy`).
 */
import { theme } from 'antd';
import type { ReactNode } from 'react';

export interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  loading?: boolean;
  /** Texts shown inside the toggle, on and off. */
  checkedChildren?: ReactNode;
  unCheckedChildren?: ReactNode;
  'data-testid'?: string;
  'aria-label'?: string;
}

const HEIGHT = 16;
const HANDLE = 12;

export function Toggle({
  checked,
  onChange,
  disabled = false,
  loading = false,
  checkedChildren,
  unCheckedChildren,
  'data-testid': testId,
  'aria-label': ariaLabel,
}: ToggleProps) {
  const { token } = theme.useToken();
  const inert = disabled || loading;
  const pad = (HEIGHT - HANDLE) / 2;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={loading || undefined}
      aria-label={ariaLabel}
      disabled={inert}
      data-testid={testId}
      onClick={() => {
        if (!inert) onChange(!checked);
      }}
      style={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        boxSizing: 'border-box',
        minWidth: 28,
        height: HEIGHT,
        margin: 0,
        border: 0,
        borderRadius: HEIGHT / 2,
        padding: checked
          ? `0 ${HANDLE + pad * 2}px 0 ${pad * 2 + 2}px`
          : `0 ${pad * 2 + 2}px 0 ${HANDLE + pad * 2}px`,
        background: checked ? token.colorPrimary : token.colorTextQuaternary,
        color: token.colorTextLightSolid,
        fontSize: token.fontSizeSM,
        lineHeight: `${HEIGHT}px`,
        whiteSpace: 'nowrap',
        cursor: inert ? 'not-allowed' : 'pointer',
        opacity: disabled ? 0.65 : 1,
        transition: `background ${token.motionDurationMid}`,
        verticalAlign: 'middle',
      }}
    >
      <span>{checked ? checkedChildren : unCheckedChildren}</span>
      <span
        aria-hidden="true"
        style={{
          position: 'absolute',
          top: pad,
          left: checked ? `calc(100% - ${HANDLE + pad}px)` : pad,
          width: HANDLE,
          height: HANDLE,
          borderRadius: '50%',
          background: token.colorBgContainer,
          boxShadow: '0 2px 4px 0 rgba(0, 35, 11, 0.2)',
          transition: `left ${token.motionDurationMid}`,
          // A busy toggle shows it: the handle's rim turns like a spinner.
          border: loading ? `2px solid ${token.colorPrimaryBorder}` : undefined,
          borderTopColor: loading ? token.colorPrimary : undefined,
          boxSizing: 'border-box',
          animation: loading ? 'storefleet-toggle-spin 0.8s linear infinite' : undefined,
        }}
      />
      {loading ? <style>{'@keyframes storefleet-toggle-spin{to{transform:rotate(360deg)}}'}</style> : null}
    </button>
  );
}
