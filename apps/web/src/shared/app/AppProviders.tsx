import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { currentLanguage } from '../i18n/i18n';
import type { LanguageCode } from '../i18n/languages';
import { bindNotifier } from '../request/notify';
import { useThemeMode } from '../theme/theme';

const ANTD_LOCALE: Record<LanguageCode, Locale> = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };

/**
 * The request client already reports every failure (spec §8), so queries don't retry: a retry would
 * repeat the notice and the refused call.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

function NotifierBinding() {
  const { notification } = App.useApp();
  useEffect(() => {
    bindNotifier(notification);
    return () => bindNotifier(null);
  }, [notification]);
  return null;
}

/** Theme, language, notices and data caching around an application. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useTranslation(); // re-render on language change so antd's own texts follow
  const mode = useThemeMode();
  return (
    <ConfigProvider
      locale={ANTD_LOCALE[currentLanguage()]}
      theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }}
    >
      <App>
        <NotifierBinding />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
