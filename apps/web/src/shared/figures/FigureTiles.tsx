import type { DashboardFigures } from '@storefleet/contracts';
import { Card, Col, Row, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AlertLevelTag } from '../alerts/AlertLevelTag';

const GOOD = '#52c41a';
const BAD = '#ff4d4f';

/** The §9 grid: one tile a row on phones, six on wide screens. */
export const TILE_COL = { xs: 24, sm: 12, md: 8, lg: 6, xl: 6, xxl: 4 } as const;

interface Tile {
  key: string;
  title: string;
  value: ReactNode;
  color?: string;
}

/**
 * A place's figures as tiles: monitored devices, online, offline, online rate, boxes and open alerts
 * (red while any), then the open alerts per level. `big` draws them for a wall display. Each value
 * carries `data-testid="figure-<key>"` and its plain number in `data-value`.
 */
export function FigureTiles({
  figures,
  loading,
  big = false,
  extra = [],
}: {
  figures: DashboardFigures | undefined;
  loading: boolean;
  big?: boolean;
  /** Tiles of the page's own placed after the figures (store count, usage). */
  extra?: readonly Tile[];
}) {
  const { t } = useTranslation();
  const f = figures;
  const tiles: Tile[] = [
    { key: 'deviceNum', title: t('dashboard.figure.deviceNum'), value: f?.deviceNum ?? 0 },
    { key: 'onlineNum', title: t('dashboard.figure.onlineNum'), value: f?.onlineNum ?? 0, color: GOOD },
    {
      key: 'offlineNum',
      title: t('dashboard.figure.offlineNum'),
      value: f?.offlineNum ?? 0,
      ...(f && f.offlineNum > 0 ? { color: BAD } : {}),
    },
    {
      key: 'onlineRate',
      title: t('dashboard.figure.onlineRate'),
      value: `${(f?.onlineRate ?? 0).toFixed(2)}%`,
    },
    {
      key: 'boxes',
      title: t('dashboard.figure.boxes'),
      value: `${f?.boxOnlineNum ?? 0} / ${f?.boxNum ?? 0}`,
    },
    {
      key: 'openAlertNum',
      title: t('dashboard.figure.openAlertNum'),
      value: f?.openAlertNum ?? 0,
      ...(f && f.openAlertNum > 0 ? { color: BAD } : {}),
    },
    ...extra,
  ];
  const size = big ? 40 : 24;
  return (
    <>
      <Row gutter={[16, 16]} data-testid="figure-tiles">
        {tiles.map((tile) => (
          <Col key={tile.key} {...TILE_COL}>
            <Card size="small">
              <Statistic
                title={tile.title}
                value={typeof tile.value === 'number' ? tile.value : undefined}
                formatter={typeof tile.value === 'number' ? undefined : () => tile.value}
                loading={loading}
                styles={{ content: { fontSize: size, ...(tile.color ? { color: tile.color } : {}) } }}
                data-testid={`figure-${tile.key}`}
                data-value={
                  typeof tile.value === 'number' || typeof tile.value === 'string' ? tile.value : ''
                }
              />
            </Card>
          </Col>
        ))}
      </Row>
      {f && f.openAlertNum > 0 ? (
        <Space wrap style={{ marginTop: 12 }} data-testid="figure-alert-levels">
          <Typography.Text type="secondary">{t('dashboard.alertsByLevel')}</Typography.Text>
          {f.alertsBySeverity
            .filter((level) => level.num > 0)
            .map((level) => (
              <span
                key={level.severity}
                data-testid={`figure-alert-level-${level.severity}`}
                data-value={level.num}
              >
                <AlertLevelTag level={level.severity} /> {level.num}
              </span>
            ))}
        </Space>
      ) : null}
    </>
  );
}
