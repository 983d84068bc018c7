import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCompanyLogo } from './useCompanyLogo';

/** The header's logo slot: the company's logo when one is set, else the product name. */
export function HeaderLogo() {
  const { t } = useTranslation();
  const { src } = useCompanyLogo();
  return (
    <Link
      to="/"
      data-testid="header-logo"
      data-logo={src ? 'company' : 'product'}
      style={{ display: 'flex', alignItems: 'center', height: '100%' }}
    >
      {src ? (
        <img
          src={src}
          alt={t('shell.productName')}
          data-testid="header-logo-image"
          style={{ maxHeight: 40, maxWidth: 200, objectFit: 'contain' }}
        />
      ) : (
        <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
          {t('shell.productName')}
        </Typography.Text>
      )}
    </Link>
  );
}
