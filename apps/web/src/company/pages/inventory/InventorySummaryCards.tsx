import type { InventorySummary } from '@storefleet/contracts';
import { Card, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';

import { useLang } from '@/shared/i18n/useLang';

import { isActiveFigure, type SummaryFigure, summaryCards } from './summary-cards';

const TONE_COLOR = { good: '#52c41a', bad: '#ff4d4f' } as const;

export interface InventorySummaryCardsProps {
  summary: InventorySummary | undefined;
  loading: boolean;
  nonNetworkPage: boolean;
  filters: Record<string, unknown>;
  /** Adds the figure's filter to the list's filters. */
  onFilter: (filter: SummaryFigure['filter']) => void;
}

/**
 * The pre-inventory summary (spec §7 `listInventoryDevices/data`) over the list's filters. Each figure is
 * a filter link: "not inventoried" shows the records still to bind.
 */
export function InventorySummaryCards({
  summary,
  loading,
  nonNetworkPage,
  filters,
  onFilter,
}: InventorySummaryCardsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { lang } = useLang();
  const cards = summaryCards(summary, nonNetworkPage, lang);
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="inventory-summary">
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} lg={card.key === 'status' ? 8 : 4}>
          <Card size="small" styles={{ body: { display: 'flex', gap: 16, flexWrap: 'wrap' } }}>
            {card.figures.map((figure) => {
              const active = isActiveFigure(figure, filters);
              return (
                <div
                  key={figure.key}
                  role="button"
                  tabIndex={0}
                  aria-pressed={active}
                  onClick={() => onFilter(figure.filter)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      onFilter(figure.filter);
                    }
                  }}
                  style={{
                    cursor: 'pointer',
                    borderBottom: `2px solid ${active ? token.colorPrimary : 'transparent'}`,
                    minWidth: 64,
                  }}
                  data-testid={`inventory-summary-${figure.key}`}
                  data-value={figure.value ?? ''}
                >
                  <Statistic
                    title={figure.labelKey ? t(figure.labelKey) : figure.label}
                    value={figure.value ?? 0}
                    loading={loading && figure.value === undefined}
                    styles={
                      figure.tone && (figure.value ?? 0) > 0
                        ? { content: { color: TONE_COLOR[figure.tone] } }
                        : undefined
                    }
                  />
                </div>
              );
            })}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
