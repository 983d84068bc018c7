import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The header's logo slot: the product name for now; issue 3 puts the company logo here. */
export function HeaderLogo() {
  const { t } = useTranslation();
  return (
    <Link to="/" data-testid="header-logo" style={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
        {t('shell.productName')}
      </Typography.Text>
    </Link>
  );
}
