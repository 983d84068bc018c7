import { Button, Result, Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { usePermissions } from '../permissions/usePermissions';
import type { FlatRoute } from '../routes/route-table';

/**
 * Renders one page of the route table: only for users holding the page's menu codes (a typed URL
 * must not show what the menu hides), lazily loaded, with the page title in the document title.
 */
export function PageGate({ flat }: { flat: FlatRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canView } = usePermissions();
  const title = t(flat.route.titleKey);

  useEffect(() => {
    document.title = `${title} · ${t('shell.productName')}`;
  }, [title, t]);

  if (!canView(flat.codes)) {
    return (
      <Result
        status="403"
        title={t('shell.forbidden.title')}
        subTitle={t('shell.forbidden.subtitle')}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('shell.backHome')}
          </Button>
        }
        data-testid="forbidden"
      />
    );
  }
  const Page = flat.route.page;
  if (!Page) return null;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <Page />
    </Suspense>
  );
}
