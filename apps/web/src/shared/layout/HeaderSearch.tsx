import { SearchOutlined } from '@ant-design/icons';
import { type GlobalSearchResult, OnlineStatus, SearchEndpoints } from '@storefleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
// antd's Input alone: `Input` from 'antd' carries Search, TextArea, Password and OTP into start-up.
import Input from 'antd/es/input/Input';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { apiQuery } from '../api/call';
import { usePermissions } from '../permissions/usePermissions';
import { deviceOption, showsSearch, storeOption, targetOf } from './header-search';

/** Typing pauses this long before a search goes out. */
const TYPING_PAUSE_MS = 250;

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

interface Option {
  value: string;
  group: string;
  label: ReactNode;
}

/**
 * The header's global search: a store (number or name) or a device (name, hostid, IP or MAC) typed
 * anywhere; results grouped into stores and devices, inside the user's data scope; choosing one opens
 * the store's live page or the device's details. Device data is shown as text only.
 *
 * A combobox of its own (input, listbox, arrow keys, Enter, Escape) rather than antd's AutoComplete,
 * whose Select and virtual list every signed-in page would load (docs/decisions/web.md).
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const secondary = token.colorTextDescription;
  const navigate = useNavigate();
  const { authorities } = usePermissions();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const keyword = useSettled(text.trim());

  const search = useQuery({
    ...apiQuery(SearchEndpoints.globalSearch, { query: { keyword } }),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const result: GlobalSearchResult | undefined = keyword === '' ? undefined : search.data;

  const options = useMemo<Option[]>(() => {
    if (!result) return [];
    const stores = result.stores.map((s) => ({
      value: storeOption(s.id),
      group: t('shell.search.stores'),
      label: (
        <span data-testid="header-search-store" style={{ display: 'inline-flex', gap: 8 }}>
          <span>{s.storeName}</span>
          <span style={{ color: secondary }}>{s.storeNo}</span>
        </span>
      ),
    }));
    const devices = result.devices.map((d) => ({
      value: deviceOption(d.deviceId),
      group: t('shell.search.devices'),
      label: (
        <span
          data-testid="header-search-device"
          style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}
        >
          <span>{d.deviceName}</span>
          <span style={{ color: secondary }}>
            {[d.shopName, d.intranetIp, d.macAddress].filter(Boolean).join(' · ')}
          </span>
          {d.onlineStatus === OnlineStatus.OFFLINE && (
            <span style={{ color: token.colorError }}>{t('shell.search.offline')}</span>
          )}
        </span>
      ),
    }));
    return [...stores, ...devices];
  }, [result, t, secondary, token.colorError]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (!showsSearch(authorities)) return null;

  const choose = (value: string) => {
    const target = targetOf(value, result, authorities);
    setText('');
    setOpen(false);
    if (target) void navigate(target);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') return setOpen(false);
    if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      return choose(options[active].value);
    }
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((at) => (at + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    }
  };
  const none = keyword !== '' && search.isSuccess && options.length === 0;
  const shown = open && text.trim() !== '' && (options.length > 0 || none);

  return (
    // The header's 64 px line height would stretch the input; the box keeps its own.
    <div
      ref={root}
      style={{ lineHeight: 'normal', position: 'relative', width: 340 }}
      data-testid="header-search"
    >
      <Input
        allowClear
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        prefix={<SearchOutlined />}
        placeholder={t('shell.search.placeholder')}
        aria-label={t('shell.search.placeholder')}
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && options[active] ? `${listId}-${active}` : undefined}
        data-testid="header-search-input"
      />
      {shown ? (
        <div
          id={listId}
          role="listbox"
          style={{
            position: 'absolute',
            top: '100%',
            right: 0,
            width: 420,
            marginTop: 4,
            padding: token.paddingXXS,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            zIndex: token.zIndexPopupBase + 50,
          }}
        >
          {none ? (
            <div style={{ padding: `${token.paddingXXS + 1}px ${token.paddingSM}px`, color: secondary }}>
              <span data-testid="header-search-none">{t('shell.search.none')}</span>
            </div>
          ) : null}
          {options.map((option, index) => (
            <div key={option.value}>
              {index === 0 || options[index - 1]?.group !== option.group ? (
                <div
                  style={{
                    padding: `${token.paddingXXS}px ${token.paddingSM}px`,
                    color: secondary,
                    fontSize: token.fontSizeSM,
                  }}
                >
                  {option.group}
                </div>
              ) : null}
              <div
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option.value)}
                onKeyDown={() => undefined}
                style={{
                  padding: `${token.paddingXXS + 1}px ${token.paddingSM}px`,
                  paddingInlineStart: token.paddingSM * 2,
                  borderRadius: token.borderRadiusSM,
                  cursor: 'pointer',
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  background: index === active ? token.controlItemBgHover : undefined,
                }}
              >
                {option.label}
              </div>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
