import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCompanyLogo } from './useCompanyLogo';

/** The header's logo slot: the company's logo when one is set, else the product name. */
export function HeaderLogo() {
  const { t } = useTranslation();
  const { src } = useCompanyLogo();
  const { token } = theme.useToken();
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
        // Plain text, not antd's Typography: the shell stays without it (docs/decisions/web.md "What loads when").
        <span
          style={{
            fontSize: 18,
            whiteSpace: 'nowrap',
            fontWeight: token.fontWeightStrong,
            color: token.colorText,
          }}
        >
          {t('shell.productName')}
        </span>
      )}
    </Link>
  );
}
