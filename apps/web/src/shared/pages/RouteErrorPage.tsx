import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

import { StatusPage } from './StatusPage';

/** Shown when a page fails to load or render (for example a chunk missing after an upgrade). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      status="error"
      title={t('shell.error.title')}
      subTitle={t('shell.error.subtitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('shell.error.reload')}
        </Button>
      }
      data-testid="route-error"
    />
  );
}
