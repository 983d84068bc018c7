import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The catch-all page of spec §2 for any path the application does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A page opened directly (new tab, typed URL) has nothing to go back to; home is the useful target.
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <div data-testid="not-found" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="404"
        title={t('notFound.title')}
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
