import type { DashboardGroup, DashboardGrouping } from '@storefleet/contracts';
import { Card, Col, Empty, Progress, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { TILE_COL } from '@/shared/figures/FigureTiles';

/**
 * One tile per place one level down: its online rate as a bar, online / offline devices and open
 * alerts (red border while any device is offline or any alert is open); a tile with a link drills down.
 */
export function PlaceTiles({
  groups,
  grouping,
  linkOf,
}: {
  groups: readonly DashboardGroup[];
  grouping: DashboardGrouping;
  linkOf: (id: number) => string | null;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (groups.length === 0) return <Empty description={t('dashboard.places.empty')} />;
  return (
    <Row gutter={[16, 16]} data-testid="place-tiles" data-grouping={grouping}>
      {groups.map((g) => {
        const trouble = g.offlineNum > 0 || g.openAlertNum > 0;
        const card = (
          <Card
            size="small"
            hoverable={linkOf(g.id) !== null}
            style={trouble ? { borderColor: token.colorError, borderWidth: 2 } : undefined}
            title={
              <Typography.Text ellipsis data-cell>
                {g.name}
              </Typography.Text>
            }
            extra={<Typography.Text type="secondary">{t(`dashboard.grouping.${grouping}`)}</Typography.Text>}
          >
            <Progress
              percent={g.onlineRate}
              format={(p) => `${(p ?? 0).toFixed(2)}%`}
              status={g.offlineNum > 0 ? 'exception' : 'success'}
              data-testid={`place-rate-${g.id}`}
            />
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
              <TileFigure
                label={t('dashboard.figure.onlineNum')}
                value={g.onlineNum}
                color="#52c41a"
                testId={`place-online-${g.id}`}
              />
              <TileFigure
                label={t('dashboard.figure.offlineNum')}
                value={g.offlineNum}
                danger
                testId={`place-offline-${g.id}`}
              />
              <TileFigure
                label={t('dashboard.figure.openAlertNum')}
                value={g.openAlertNum}
                danger
                testId={`place-alerts-${g.id}`}
              />
            </div>
          </Card>
        );
        const link = linkOf(g.id);
        return (
          <Col key={g.id} {...TILE_COL} data-testid={`place-tile-${g.id}`}>
            {link ? (
              <Link to={link} data-testid={`place-link-${g.id}`}>
                {card}
              </Link>
            ) : (
              card
            )}
          </Col>
        );
      })}
    </Row>
  );
}

/** One figure of a tile: its label and the number, in red when `danger` and above zero. */
function TileFigure({
  label,
  value,
  color,
  danger = false,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  danger?: boolean;
  testId: string;
}) {
  // The label above its value: three figures side by side fit a tile in either language.
  return (
    <div>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text
        strong
        type={danger && value > 0 ? 'danger' : undefined}
        style={{ fontSize: 18, ...(color ? { color } : {}) }}
        data-testid={testId}
      >
        {value}
      </Typography.Text>
    </div>
  );
}
