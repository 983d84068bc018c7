import type { StoreFigures } from '@storefleet/contracts';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';

import { ToneText } from '@/shared/list/marks';

/**
 * The stores overview's figure columns: monitored devices online of all, open alerts, yesterday's
 * usage rate, and a link to the store's dashboard. Rows are stores (`id` is the store id).
 */
export function storeFigureColumns<Row extends { id: number }>(
  t: TFunction,
  figures: ReadonlyMap<number, StoreFigures>,
) {
  return [
    {
      key: 'devices',
      title: t('dashboard.store.column.figures'),
      // "设备（在线/总数）" on one line; no figure title breaks inside a word in either language.
      width: 140,
      render: (_: unknown, row: Row) => {
        const f = figures.get(row.id);
        if (!f) return '-';
        return (
          <span data-testid={`store-devices-${row.id}`}>
            <ToneText tone={f.offlineNum > 0 ? 'danger' : 'success'}>{f.onlineNum}</ToneText> / {f.deviceNum}
          </span>
        );
      },
    },
    {
      key: 'openAlerts',
      title: t('dashboard.figure.openAlertNum'),
      width: 100,
      render: (_: unknown, row: Row) => {
        const f = figures.get(row.id);
        return f ? (
          <ToneText tone={f.openAlertNum > 0 ? 'danger' : undefined} data-testid={`store-alerts-${row.id}`}>
            {f.openAlertNum}
          </ToneText>
        ) : (
          '-'
        );
      },
    },
    {
      key: 'usageRate',
      title: t('dashboard.figure.usageRate'),
      width: 120,
      render: (_: unknown, row: Row) => {
        const rate = figures.get(row.id)?.usageRate;
        return (
          <span data-testid={`store-usage-${row.id}`}>
            {rate === null || rate === undefined ? '-' : `${rate.toFixed(2)}%`}
          </span>
        );
      },
    },
    {
      key: 'dashboard',
      title: t('dashboard.store.column.dashboard'),
      width: 110,
      render: (_: unknown, row: Row) => (
        <Link to={`/stores/store/${row.id}.html`} data-testid={`store-dashboard-${row.id}`}>
          {t('dashboard.store.column.dashboard')}
        </Link>
      ),
    },
  ];
}
