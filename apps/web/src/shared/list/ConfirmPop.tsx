/**
 * The row actions' "are you sure?" of our own, drawn as antd's Popconfirm (a small popover under the
 * button with the question, Cancel and OK), without it: Popconfirm brings Popover, Tooltip and
 * @rc-component/trigger to every list page (docs/decisions/web.md "What loads when"). A `dialog` in a
 * portal (so a scrolling table does not clip it), placed under its button and kept there while the page
 * scrolls; OK waits for the action (loading) and closes; Cancel, Escape or a click elsewhere close it,
 * and focus returns to the button. Stable hooks for tests keep antd's class names (`.ant-popover
 * .ant-popconfirm`, `.ant-popconfirm-title`, OK is the primary button).
 */
import { Button, ConfigProvider, theme } from 'antd';
import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

export interface ConfirmPopProps {
  title: ReactNode;
  /** Runs on OK; the popover stays open (OK loading) until it settles. */
  onConfirm: () => Promise<unknown> | unknown;
  /** OK's text (antd's locale "OK" by default); `okDanger` draws it red. */
  okText?: ReactNode;
  okDanger?: boolean;
  /** Does not open (the button is shown as it is). */
  disabled?: boolean;
  /** The button that opens it (its `onClick` is replaced). */
  children: ReactElement<{ onClick?: unknown; 'aria-expanded'?: boolean; 'aria-haspopup'?: string }>;
}

export function ConfirmPop({
  title,
  onConfirm,
  okText,
  okDanger = false,
  disabled = false,
  children,
}: ConfirmPopProps) {
  const { token } = theme.useToken();
  const locale = useContext(ConfigProvider.ConfigContext).locale;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const pop = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) anchor.current?.querySelector<HTMLElement>('button, a')?.focus();
  }, []);

  const measure = useCallback(() => {
    const rect = anchor.current?.getBoundingClientRect();
    if (!rect) return;
    const width = pop.current?.offsetWidth ?? 0;
    const left = Math.max(8, Math.min(rect.left + rect.width / 2 - width / 2, window.innerWidth - width - 8));
    setPlace({ top: rect.bottom + 8, left });
  }, []);

  useLayoutEffect(() => {
    if (open) measure();
  }, [open, measure]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!pop.current?.contains(target) && !anchor.current?.contains(target)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    pop.current?.querySelector<HTMLElement>('.ant-btn-primary')?.focus();
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [open, close, measure]);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      close(true);
    }
  };

  return (
    <span ref={anchor} style={{ display: 'inline-flex' }}>
      {cloneElement(children, {
        onClick: () => setOpen((was) => !was && !disabled),
        'aria-expanded': open,
        'aria-haspopup': 'dialog',
      })}
      {open
        ? createPortal(
            <div
              ref={pop}
              role="dialog"
              aria-labelledby={titleId}
              className="ant-popover ant-popconfirm"
              style={{
                position: 'fixed',
                top: place?.top ?? -9999,
                left: place?.left ?? -9999,
                zIndex: token.zIndexPopupBase + 30,
                maxWidth: 320,
                padding: `${token.paddingSM}px`,
                background: token.colorBgElevated,
                color: token.colorText,
                borderRadius: token.borderRadiusLG,
                boxShadow: token.boxShadowSecondary,
                fontSize: token.fontSize,
                lineHeight: token.lineHeight,
              }}
            >
              <div
                id={titleId}
                className="ant-popconfirm-title"
                style={{
                  marginBottom: token.marginXS,
                  color: token.colorTextHeading,
                  fontWeight: token.fontWeightStrong,
                }}
              >
                <span
                  aria-hidden="true"
                  style={{ color: token.colorWarning, marginInlineEnd: token.marginXS }}
                >
                  ⚠
                </span>
                {title}
              </div>
              <div style={{ display: 'flex', justifyContent: 'flex-end', gap: token.marginXS }}>
                <Button size="small" onClick={() => close(true)}>
                  {locale?.Popconfirm?.cancelText ?? locale?.Modal?.cancelText ?? 'Cancel'}
                </Button>
                <Button
                  size="small"
                  type="primary"
                  danger={okDanger}
                  loading={busy}
                  onClick={() => void confirm()}
                >
                  {okText ?? locale?.Popconfirm?.okText ?? locale?.Modal?.okText ?? 'OK'}
                </Button>
              </div>
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
