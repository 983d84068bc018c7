import { Button, Spin } from 'antd';
import { Suspense, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { usePermissions } from '../permissions/usePermissions';
import type { FlatRoute } from '../routes/route-table';
import { StatusPage } from './StatusPage';

/**
 * Renders one page of the route table: only for users holding the page's menu codes (a typed URL
 * must not show what the menu hides) and its button codes (a form page such as update.html needs the
 * code of the button that opens it: a user who may not edit never reaches an editable form), lazily
 * loaded, with the page title in the document title.
 */
export function PageGate({ flat }: { flat: FlatRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canView, canUse } = usePermissions();
  const title = t(flat.route.titleKey);

  // A layout effect, so a page may name itself more precisely (a device's name) in its own effect.
  useLayoutEffect(() => {
    document.title = `${title} · ${t('shell.productName')}`;
  }, [title, t]);

  if (!canView(flat.codes) || !canUse(flat.route.buttonCodes ?? [])) {
    return (
      <StatusPage
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
