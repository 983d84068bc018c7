import { UsageEndpoints as E } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Cascader, Form, Segmented, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { CategoryCascader } from '@/shared/device/CategoryCascader';
import { useLang } from '@/shared/i18n/useLang';
import { useRegionOptions } from '@/shared/org/RegionPicker';
import { DayRangePicker } from './DayRangePicker';
import { type DayRange, lastDays, rangeUnit } from './date-range';
import { reportPlaces } from './report-places';
import { type ReportFigure, type ReportLevel, type ReportMeasure, reportCall } from './report-query';
import { UsageReportView } from './UsageReportView';

const MISSING_TEXT = {
  places: 'usage.report.missing.places',
  storePlaces: 'usage.report.missing.storePlaces',
  category: 'usage.report.missing.category',
} as const;

/**
 * /device/device-use.html: usage reports by region, city and store (issue 13) over a date range —
 * usage time or devices in use, as rates or totals — charted per category, with the table below.
 * The range's period (§9 helper: week, month, year) labels the report.
 */
export default function DeviceUsagePage() {
  const { t } = useTranslation();
  useLang();
  const [level, setLevel] = useState<ReportLevel>('area');
  const [measure, setMeasure] = useState<ReportMeasure>('time');
  const [figure, setFigure] = useState<ReportFigure>('rate');
  const [range, setRange] = useState<DayRange>(() => lastDays(new Date()));
  const [places, setPlaces] = useState<string[][]>([]);
  const [category, setCategory] = useState<string[]>([]);
  const { options, loading: placesLoading } = useRegionOptions(level === 'store');

  const call = useMemo(
    () =>
      reportCall({
        level,
        measure,
        figure,
        range,
        // A ticked region or city stands for what is below it (the picker shows ticked parents).
        places: reportPlaces(level, places, options).map((p) => p.join('.')),
        category: category[0],
        deviceClass: level === 'store' ? category[1] : undefined,
      }),
    [level, measure, figure, range, places, options, category],
  );
  const ready = 'endpoint' in call;
  // Every report call answers the same shape; the endpoint decides the path and the cache key.
  const endpoint = (ready ? call.endpoint : E.areaReport) as typeof E.areaReport;
  const report = useQuery({
    ...apiQuery(endpoint, { body: (ready ? call.body : {}) as never }),
    enabled: ready,
  });
  const missing =
    'missing' in call
      ? call.missing === 'places' && level === 'store'
        ? 'storePlaces'
        : call.missing
      : null;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="usage-report-page">
      <Card>
        <Form layout="inline">
          <Form.Item>
            <Segmented<ReportLevel>
              value={level}
              onChange={(next) => {
                setLevel(next);
                setPlaces([]);
              }}
              options={(['area', 'city', 'store'] as const).map((v) => ({
                value: v,
                label: t(`usage.report.level.${v}`),
              }))}
              data-testid="usage-report-level"
            />
          </Form.Item>
          <Form.Item label={t('usage.report.range')}>
            <DayRangePicker
              value={range}
              allowClear={false}
              onChange={(next) => next && setRange(next)}
              data-testid="usage-report-range"
            />
          </Form.Item>
          <Form.Item>
            <Tag data-testid="usage-report-period">{t(`usage.report.period.${rangeUnit(range)}`)}</Tag>
          </Form.Item>
          <Form.Item>
            <Segmented<ReportMeasure>
              value={measure}
              onChange={setMeasure}
              options={(['time', 'devices'] as const).map((v) => ({
                value: v,
                label: t(`usage.report.measure.${v}`),
              }))}
              data-testid="usage-report-measure"
            />
          </Form.Item>
          <Form.Item>
            <Segmented<ReportFigure>
              value={figure}
              onChange={setFigure}
              options={(['rate', 'totals'] as const).map((v) => ({
                value: v,
                label: t(`usage.report.figure.${v}`),
              }))}
              data-testid="usage-report-figure"
            />
          </Form.Item>
          {level === 'area' ? null : (
            <Form.Item label={t(level === 'city' ? 'usage.report.places.city' : 'usage.report.places.store')}>
              <Cascader
                multiple
                allowClear
                style={{ minWidth: 260 }}
                maxTagCount="responsive"
                showCheckedStrategy={Cascader.SHOW_PARENT}
                options={options}
                loading={placesLoading}
                value={places}
                onChange={(next) => setPlaces((next ?? []).map((p) => p.map(String)))}
                placeholder={t('common.pleaseSelect')}
                data-testid="usage-report-places"
              />
            </Form.Item>
          )}
          {level === 'store' ? (
            <Form.Item label={t('usage.report.category')}>
              {/* Wide enough for "large / small" category names in either language. */}
              <div style={{ minWidth: 220 }}>
                <CategoryCascader
                  value={category}
                  onChange={setCategory}
                  changeOnSelect
                  data-testid="usage-report-category"
                />
              </div>
            </Form.Item>
          ) : null}
        </Form>
        <Typography.Text type="secondary">{t(`usage.report.help.${measure}.${figure}`)}</Typography.Text>
      </Card>
      <Card title={t('usage.report.title')}>
        {missing ? (
          <Alert type="info" showIcon message={t(MISSING_TEXT[missing])} data-testid="usage-report-missing" />
        ) : (
          <UsageReportView
            rows={report.data ?? []}
            measure={measure}
            figure={figure}
            loading={report.isFetching}
          />
        )}
      </Card>
    </Space>
  );
}
