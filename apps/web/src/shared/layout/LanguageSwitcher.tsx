import { GlobalOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { type LanguageCode, OFFERED_LANGUAGES } from '../i18n/languages';

/**
 * Offers the languages of spec §1 (Simplified Chinese, English), each named in its own language.
 * A small list of its own rather than antd's `Dropdown` and `Menu`: the switcher is on the sign-in
 * page, and those two are ≈ 10 KB gzipped of start-up (docs/decisions/web.md "What loads when").
 * The list looks like antd's dropdown menu and closes on a pick, a click elsewhere or Escape.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [hovered, setHovered] = useState<LanguageCode | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const active = currentLanguage();
  const activeName = OFFERED_LANGUAGES.find((l) => l.code === active)?.nativeName ?? active;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const pick = (code: LanguageCode) => {
    setOpen(false);
    if (code !== active) void changeLanguage(code);
  };

  return (
    <div ref={root} style={{ position: 'relative', display: 'inline-block' }}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('shell.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        data-testid="language-switcher"
      >
        {activeName}
      </Button>
      {open && (
        <div
          role="menu"
          style={{
            position: 'absolute',
            top: '100%',
            left: 0,
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
          {OFFERED_LANGUAGES.map((l) => {
            const selected = l.code === active;
            return (
              <div
                key={l.code}
                role="menuitemradio"
                aria-checked={selected}
                tabIndex={0}
                onClick={() => pick(l.code)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    pick(l.code);
                  }
                }}
                onMouseEnter={() => setHovered(l.code)}
                onMouseLeave={() => setHovered(null)}
                style={{
                  padding: `${token.paddingXXS + 1}px ${token.paddingSM}px`,
                  borderRadius: token.borderRadiusSM,
                  cursor: 'pointer',
                  whiteSpace: 'nowrap',
                  color: selected ? token.colorPrimary : token.colorText,
                  background: selected
                    ? token.controlItemBgActive
                    : hovered === l.code
                      ? token.controlItemBgHover
                      : undefined,
                }}
              >
                <span data-testid={`language-option-${l.code}`}>{l.nativeName}</span>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
