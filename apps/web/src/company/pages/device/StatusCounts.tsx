import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

export interface StatusCountItem {
  key: string;
  labelKey: string;
  value: number | undefined;
  color?: string;
}

/** The counts header above a device list (total / online / offline, or the gateway counts). */
export function StatusCounts({ items, loading }: { items: readonly StatusCountItem[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="device-status-counts">
      {items.map((item) => (
        <Col key={item.key} xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title={t(item.labelKey)}
              value={item.value ?? 0}
              loading={loading && item.value === undefined}
              styles={item.color ? { content: { color: item.color } } : undefined}
              data-testid={`device-count-${item.key}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
