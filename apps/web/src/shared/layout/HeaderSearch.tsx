import { SearchOutlined } from '@ant-design/icons';
import { type GlobalSearchResult, SearchEndpoints } from '@storefleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Space, Tag, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
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

/**
 * The header's global search: a store (number or name) or a device (name, hostid, IP or MAC) typed
 * anywhere; results grouped into stores and devices, inside the user's data scope; choosing one opens
 * the store's live page or the device's details. Device data is shown as text only.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  // Plain spans, not antd's Typography, which the shell does without (docs/decisions/web.md "What loads when").
  const secondary = theme.useToken().token.colorTextDescription;
  const navigate = useNavigate();
  const { authorities } = usePermissions();
  const [text, setText] = useState('');
  const keyword = useSettled(text.trim());

  const search = useQuery({
    ...apiQuery(SearchEndpoints.globalSearch, { query: { keyword } }),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const result: GlobalSearchResult | undefined = keyword === '' ? undefined : search.data;

  const options = useMemo(() => {
    if (!result) return [];
    const groups = [];
    if (result.stores.length > 0)
      groups.push({
        label: t('shell.search.stores'),
        options: result.stores.map((s) => ({
          value: storeOption(s.id),
          label: (
            <Space data-testid="header-search-store">
              <span>{s.storeName}</span>
              <span style={{ color: secondary }}>{s.storeNo}</span>
            </Space>
          ),
        })),
      });
    if (result.devices.length > 0)
      groups.push({
        label: t('shell.search.devices'),
        options: result.devices.map((d) => ({
          value: deviceOption(d.deviceId),
          label: (
            <Space data-testid="header-search-device">
              <span>{d.deviceName}</span>
              <span style={{ color: secondary }}>
                {[d.shopName, d.intranetIp, d.macAddress].filter(Boolean).join(' · ')}
              </span>
              {d.onlineStatus === 0 && <Tag color="error">{t('shell.search.offline')}</Tag>}
            </Space>
          ),
        })),
      });
    return groups;
  }, [result, t, secondary]);

  if (!showsSearch(authorities)) return null;

  return (
    // The header's 64 px line height would stretch the input; the box keeps its own.
    <div style={{ lineHeight: 'normal', display: 'flex', alignItems: 'center' }}>
      <AutoComplete
        value={text}
        options={options}
        onChange={(value: string) => setText(value)}
        onSelect={(value: string) => {
          const target = targetOf(value, result, authorities);
          setText('');
          if (target) void navigate(target);
        }}
        notFoundContent={
          keyword !== '' && search.isSuccess ? (
            <span data-testid="header-search-none">{t('shell.search.none')}</span>
          ) : null
        }
        popupMatchSelectWidth={420}
        style={{ width: 280 }}
        data-testid="header-search"
      >
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('shell.search.placeholder')}
          aria-label={t('shell.search.placeholder')}
          data-testid="header-search-input"
        />
      </AutoComplete>
    </div>
  );
}
