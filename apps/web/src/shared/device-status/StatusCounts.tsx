import { Col, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';

import { type CountCard, type CountTone, isActiveCard } from './status-cards';

type Token = ReturnType<typeof theme.useToken>['token'];

const toneColor = (token: Token, tone: CountTone): string =>
  tone === 'good' ? token.colorSuccess : tone === 'bad' ? token.colorError : token.colorTextHeading;

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
 * is offline. A card without a filter (pre-installed boxes) is a plain figure. Drawn as antd's small
 * Card with a Statistic, without them (Card brings Tabs and Skeleton: ≈ 23 KB gzipped on the device
 * list; docs/decisions/web.md "What loads when").
 */
export function StatusCounts({ cards, loading, onlineStatus, onFilter }: StatusCountsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="device-status-counts">
      <style href="storefleet-count-card" precedence="medium">
        {
          '.sf-count-card-filter:hover,.sf-count-card-filter:focus-visible{box-shadow:var(--sf-count-shadow);outline:none}'
        }
      </style>
      {cards.map((card) => {
        const active = isActiveCard(card, onlineStatus);
        const trouble = card.tone === 'bad' && (card.value ?? 0) > 0;
        const filter = card.filter;
        const borderColor = trouble ? token.colorError : active ? token.colorPrimary : undefined;
        const waiting = loading && card.value === undefined;
        return (
          <Col key={card.key} xs={24} sm={12} md={24 / Math.min(Math.max(cards.length, 3), 4)}>
            <div
              className={`sf-count-card${filter !== null ? ' sf-count-card-filter' : ''}`}
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
                boxSizing: 'border-box',
                height: '100%',
                padding: token.paddingSM,
                background: active ? token.colorPrimaryBg : token.colorBgContainer,
                border: borderColor
                  ? `2px ${token.lineType} ${borderColor}`
                  : `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusLG,
                color: token.colorText,
                cursor: filter !== null ? 'pointer' : undefined,
                transition: `box-shadow ${token.motionDurationMid}`,
                ['--sf-count-shadow' as string]: token.boxShadowTertiary,
              }}
              data-testid={`device-count-card-${card.key}`}
              data-active={active ? 'true' : 'false'}
              data-trouble={trouble ? 'true' : 'false'}
            >
              <div data-testid={`device-count-${card.key}`} aria-busy={waiting || undefined}>
                <div
                  style={{
                    marginBottom: token.marginXXS,
                    color: token.colorTextDescription,
                    fontSize: token.fontSize,
                  }}
                >
                  {t(card.labelKey)}
                </div>
                <div
                  style={{
                    color: waiting ? token.colorTextQuaternary : toneColor(token, card.tone),
                    fontSize: token.fontSizeHeading3,
                    lineHeight: token.lineHeightHeading3,
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {waiting ? '–' : (card.value ?? 0).toLocaleString()}
                </div>
              </div>
            </div>
          </Col>
        );
      })}
    </Row>
  );
}
