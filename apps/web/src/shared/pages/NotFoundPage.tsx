import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { StatusPage } from './StatusPage';

/**
 * Whether the page before this one is a page of this console: the router numbers the entries it
 * pushed (`history.state.idx`), so an entry from another site or a page opened directly has none.
 */
function hasConsolePageBefore(): boolean {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return false;
  const idx = (state as { idx?: unknown }).idx;
  return typeof idx === 'number' && idx > 0;
}

/**
 * The catch-all page of spec §2 for any path the application does not know: inside the shell when
 * signed in (`inShell`), on its own otherwise. Its button ("Back prev page") goes back only to a page
 * of this console; when there is none (a typed URL, a link from elsewhere) it goes to the console's
 * home, so it never leaves the console.
 */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => (hasConsolePageBefore() ? navigate(-1) : navigate('/'));
  const title = t('notFound.title');
  useEffect(() => {
    document.title = `${title} · ${t('shell.productName')}`;
  }, [title, t]);
  return (
    <div
      data-testid="not-found"
      data-in-shell={inShell ? 'true' : 'false'}
      style={inShell ? { paddingBlock: 48 } : { minHeight: '100vh', display: 'grid', placeItems: 'center' }}
    >
      <StatusPage
        status="404"
        title={title}
        subTitle={t('notFound.subtitle')}
        extra={
          <Button type="primary" data-testid="not-found-back" onClick={() => void back()}>
            {t('notFound.back')}
          </Button>
        }
      />
    </div>
  );
}
