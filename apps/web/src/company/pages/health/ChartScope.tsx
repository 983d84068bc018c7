import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The line above a health chart that says what it shows: the places (data, as named), then the
 * category and how many devices the daily average covers, when given.
 */
export function ChartScope({
  places,
  category,
  members,
  'data-testid': testId,
}: {
  places: string;
  category?: string;
  members?: number;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const rest = [
    ...(category === undefined ? [] : [category]),
    ...(members === undefined ? [] : [t('health.scope.members', { count: members })]),
  ];
  return (
    <div style={{ marginBottom: 8 }} data-testid={testId}>
      <Typography.Text type="secondary">{t('health.scope.label')} </Typography.Text>
      <Typography.Text strong data-cell>
        {places}
      </Typography.Text>
      {rest.length > 0 ? <Typography.Text type="secondary"> · {rest.join(' · ')}</Typography.Text> : null}
    </div>
  );
}
