import { Col, Empty, Row } from 'antd';
import type { EChartsOption } from 'echarts';
import { useTranslation } from 'react-i18next';

import { EChart } from '@/shared/charts/EChart';
import { type ListColumns, ListTable } from '@/shared/list/ListTable';
import { ChartScope } from './ChartScope';
import type { HealthScope } from './HealthSections';

/**
 * A health section's body: the chart under the line saying what it shows (or "no data"), and the list
 * of stores or devices beside it (below it when analysing devices, whose list is wider).
 */
export function HealthChartAndList<Item extends { shopId: number; deviceId?: number | null }>({
  testId,
  span,
  scope,
  members,
  option,
  rows,
  loading,
  columns,
}: {
  /** The section's test id; the scope line, chart and table add `-scope`, `-chart`, `-table`. */
  testId: string;
  span: number;
  scope: HealthScope;
  members: number | undefined;
  /** The chart, or null when there is nothing to draw. */
  option: EChartsOption | null;
  rows: Item[];
  loading: boolean;
  columns: ListColumns<Item>;
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={span}>
        <ChartScope {...scope} members={members} data-testid={`${testId}-scope`} />
        {option ? (
          <EChart option={option} data-testid={`${testId}-chart`} />
        ) : (
          <Empty description={t('health.empty')} />
        )}
      </Col>
      <Col xs={24} xl={span}>
        <ListTable<Item>
          rowKey={(row) => `${row.shopId}-${row.deviceId ?? 0}`}
          size="small"
          loading={loading}
          dataSource={rows}
          columns={columns}
          data-testid={`${testId}-table`}
        />
      </Col>
    </Row>
  );
}
