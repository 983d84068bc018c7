import { Card, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';

import { type CountCard, type CountTone, isActiveCard } from './status-cards';

const TONE_COLOR: Record<CountTone, string | undefined> = {
  neutral: undefined,
  good: '#52c41a',
  bad: '#ff4d4f',
};

export interface StatusCountsProps {
  cards: readonly CountCard[];
  loading: boolean;
  /** The list's current online-status filter; its card is marked. */
  onlineStatus: string | undefined;
  /** Sets the list's online-status filter ('' clears it). */
  onFilter: (onlineStatus: string) => void;
}

/**
 * The counts above a device list. Every state card is a filter link (clicking it shows just those
 * devices; the total clears the filter); the offline card is red, with a red border while any device
 * is offline. A card without a filter (pre-installed boxes) is a plain figure.
 */
export function StatusCounts({ cards, loading, onlineStatus, onFilter }: StatusCountsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="device-status-counts">
      {cards.map((card) => {
        const active = isActiveCard(card, onlineStatus);
        const trouble = card.tone === 'bad' && (card.value ?? 0) > 0;
        const filter = card.filter;
        const borderColor = trouble ? token.colorError : active ? token.colorPrimary : undefined;
        return (
          <Col key={card.key} xs={24} sm={12} md={24 / Math.min(Math.max(cards.length, 3), 4)}>
            <Card
              size="small"
              hoverable={filter !== null}
              onClick={filter !== null ? () => onFilter(filter) : undefined}
              onKeyDown={
                filter !== null
                  ? (event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        onFilter(filter);
                      }
                    }
                  : undefined
              }
              role={filter !== null ? 'button' : undefined}
              tabIndex={filter !== null ? 0 : undefined}
              aria-pressed={filter !== null ? active : undefined}
              style={{
                cursor: filter !== null ? 'pointer' : undefined,
                ...(borderColor ? { borderColor, borderWidth: 2 } : {}),
                ...(active ? { background: token.colorPrimaryBg } : {}),
              }}
              data-testid={`device-count-card-${card.key}`}
              data-active={active ? 'true' : 'false'}
              data-trouble={trouble ? 'true' : 'false'}
            >
              <Statistic
                title={t(card.labelKey)}
                value={card.value ?? 0}
                loading={loading && card.value === undefined}
                styles={TONE_COLOR[card.tone] ? { content: { color: TONE_COLOR[card.tone] } } : undefined}
                data-testid={`device-count-${card.key}`}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
