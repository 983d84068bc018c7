import { ConfigProvider, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { currentAntdLocale } from '../i18n/i18n';
import { bindNotifier } from '../request/notify';
import { useThemeMode } from '../theme/theme';
import { AppApiProvider, useAppApi } from './app-api';

function NotifierBinding() {
  const { notification } = useAppApi();
  useEffect(() => {
    bindNotifier(notification);
    return () => bindNotifier(null);
  }, [notification]);
  return null;
}

/** Theme, language and notices around an application (the data cache is the signed-in shell's: SignedInShell). */
export function AppProviders({ children }: { children: ReactNode }) {
  useTranslation(); // re-render on language change so antd's own texts (loaded with the language) follow
  const mode = useThemeMode();
  return (
    <ConfigProvider
      locale={currentAntdLocale()}
      theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }}
    >
      <AppApiProvider>
        <NotifierBinding />
        {children}
      </AppApiProvider>
    </ConfigProvider>
  );
}
