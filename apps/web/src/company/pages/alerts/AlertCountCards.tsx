import { Card, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';

import { type AlertCountCard, isActiveAlertCard } from './alert-query';

const TONE_COLOR = { neutral: undefined, good: '#52c41a', bad: '#ff4d4f' } as const;

export interface AlertCountCardsProps {
  cards: readonly AlertCountCard[];
  loading: boolean;
  filters: { status?: string; severity?: string };
  /** Sets the overview's status/level filter (both cleared for the total card). */
  onFilter: (filter: { status?: string; severity?: string }) => void;
}

/**
 * The counts above the alert overview, each a filter link like the device list's status cards: all,
 * open (red while any is open), ended, and the open ones per level.
 */
export function AlertCountCards({ cards, loading, filters, onFilter }: AlertCountCardsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="alert-counts">
      {cards.map((card) => {
        const active = isActiveAlertCard(card, filters);
        const trouble = card.tone === 'bad' && (card.value ?? 0) > 0;
        const select = () => onFilter(card.filter ?? {});
        const borderColor = active ? token.colorPrimary : trouble ? token.colorError : undefined;
        return (
          <Col key={card.key} xs={12} sm={8} md={6} xl={4}>
            <Card
              size="small"
              hoverable
              role="button"
              tabIndex={0}
              aria-pressed={active}
              onClick={select}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  select();
                }
              }}
              style={{
                cursor: 'pointer',
                ...(borderColor ? { borderColor, borderWidth: 2 } : {}),
                ...(active ? { background: token.colorPrimaryBg } : {}),
              }}
              data-testid={`alert-count-card-${card.key}`}
              data-active={active ? 'true' : 'false'}
            >
              <Statistic
                title={t(card.labelKey, { level: card.label ?? '' })}
                value={card.value ?? 0}
                loading={loading && card.value === undefined}
                styles={TONE_COLOR[card.tone] ? { content: { color: TONE_COLOR[card.tone] } } : undefined}
                data-testid={`alert-count-${card.key}`}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
