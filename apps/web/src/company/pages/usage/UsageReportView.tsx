import type { AreaUsage } from '@storefleet/contracts';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { EChart } from '@/shared/charts/EChart';
import { useCategoryTree } from '@/shared/device/CategoryCascader';
import { ListTable } from '@/shared/list';
import { categoryColourSlots, rateText, reportChartOption } from './report-chart';
import type { ReportFigure, ReportMeasure } from './report-query';

const UNIT: Record<ReportMeasure, Record<ReportFigure, string>> = {
  time: { rate: 'usage.report.unit.rate', totals: 'usage.report.unit.hours' },
  devices: { rate: 'usage.report.unit.rate', totals: 'usage.report.unit.deviceDays' },
};

/** A report's chart (bars per category, the group's figure as a line) and its table with the breakdown. */
export function UsageReportView({
  rows,
  measure,
  figure,
  loading,
}: {
  rows: AreaUsage[];
  measure: ReportMeasure;
  figure: ReportFigure;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const tree = useCategoryTree();
  const slots = useMemo(() => categoryColourSlots(tree.data ?? []), [tree.data]);
  const option = useMemo(
    () =>
      reportChartOption(
        rows,
        figure,
        { total: t('usage.report.total'), unit: t(UNIT[measure][figure]) },
        slots,
      ),
    [rows, figure, measure, slots, t],
  );
  if (!loading && rows.length === 0) return <Empty description={t('usage.report.empty')} />;
  const figureColumns = [
    { title: t('usage.report.num'), dataIndex: 'num', width: 120 },
    { title: t('usage.report.rate'), dataIndex: 'rate', width: 120, render: rateText },
  ];
  return (
    <>
      <EChart option={option} style={{ height: 360 }} data-testid="usage-report-chart" />
      <ListTable<AreaUsage>
        rowKey="areaId"
        dataSource={rows}
        loading={loading}
        pagination={false}
        size="small"
        columns={[{ title: t('usage.report.column.name'), dataIndex: 'areaName' }, ...figureColumns]}
        expandable={{
          expandedRowRender: (row: AreaUsage) => (
            <ListTable
              rowKey="categoryId"
              dataSource={row.categoryList}
              pagination={false}
              size="small"
              columns={[
                { title: t('usage.report.column.category'), dataIndex: 'categoryName' },
                ...figureColumns,
              ]}
            />
          ),
        }}
        data-testid="usage-report-table"
      />
    </>
  );
}
