import { theme } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';

export interface PopupMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
}

export interface PopupMenuProps {
  /** The button that opens the menu; it receives the props that wire it to the menu. */
  trigger: (props: { onClick: () => void; 'aria-haspopup': 'menu'; 'aria-expanded': boolean }) => ReactNode;
  items: readonly PopupMenuItem[];
  onPick: (key: string) => void;
  /** Which side of the trigger the list lines up with. */
  align?: 'left' | 'right';
  /** For a choice among items (the language): the chosen one, shown checked and highlighted. */
  selectedKey?: string;
}

/**
 * A small menu under a header button, drawn like antd's dropdown menu: opens on a click, moves with the
 * arrow keys, picks with Enter or Space, closes on a pick, a click elsewhere or Escape (focus goes back
 * to the button). A list of its own rather than antd's Dropdown and Menu (docs/decisions/web.md).
 */
export function PopupMenu({ trigger, items, onPick, align = 'right', selectedKey }: PopupMenuProps) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    list.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  };
  const pick = (key: string) => {
    close();
    onPick(key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') return close();
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const next = (active + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
    setActive(next);
    list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]')[next]?.focus();
  };

  return (
    <div ref={root} style={{ position: 'relative', display: 'inline-block', lineHeight: 'normal' }}>
      {trigger({
        onClick: () => {
          setActive(
            Math.max(
              0,
              items.findIndex((item) => item.key === selectedKey),
            ),
          );
          setOpen((was) => !was);
        },
        'aria-haspopup': 'menu',
        'aria-expanded': open,
      })}
      {open && (
        <div
          ref={list}
          role="menu"
          tabIndex={-1}
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            top: '100%',
            [align]: 0,
            marginTop: 4,
            minWidth: '100%',
            boxSizing: 'border-box',
            padding: token.paddingXXS,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            zIndex: token.zIndexPopupBase + 50,
          }}
        >
          {items.map((item, index) => {
            const selected = item.key === selectedKey;
            return (
              <div
                key={item.key}
                role={selectedKey === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={selectedKey === undefined ? undefined : selected}
                tabIndex={index === active ? 0 : -1}
                onClick={() => pick(item.key)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    pick(item.key);
                  }
                }}
                onMouseEnter={() => setActive(index)}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: token.marginXS,
                  padding: `${token.paddingXXS + 1}px ${token.paddingSM}px`,
                  borderRadius: token.borderRadiusSM,
                  cursor: 'pointer',
                  whiteSpace: 'nowrap',
                  color: selected ? token.colorPrimary : token.colorText,
                  outline: 'none',
                  background: selected
                    ? token.controlItemBgActive
                    : index === active
                      ? token.controlItemBgHover
                      : undefined,
                }}
              >
                {item.icon}
                {item.label}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
