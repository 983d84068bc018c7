import {
  CategoryType,
  type ForecastChartQuery,
  type ForecastListQuery,
  ForecastQueryType,
} from '@storefleet/contracts';
import { Card, Form, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  formatRegionPath,
  parseRegionPath,
  type RegionPath,
  regionQuery,
} from '@/shared/device/device-query';
import { useLang } from '@/shared/i18n/useLang';
import { RegionFilter, useRegionOptions } from '@/shared/org/RegionPicker';
import { AnomalySection, ForecastSection, type HealthScope, TopReasonsSection } from './HealthSections';
import { pickedPlaceNames } from './health-scope';

/** Wide enough for the longest choice in either language ("Store or warehouse", "Warehouse device"). */
const SELECT_WIDTH = 200;

/**
 * /device/device-health-analysis.html: anomaly and forecast of devices or stores (spec §2, §7 Forecast
 * service) and the top offline reasons by region. Filters (what to analyse, category, region) live in
 * the query string.
 */
export default function DeviceHealthAnalysisPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [params, setParams] = useSearchParams();
  const queryType = params.get('queryType') === '0' ? ForecastQueryType.DEVICE : ForecastQueryType.SHOP;
  const categoryText = params.get('categoryType');
  const categoryType =
    categoryText && CategoryType.has(Number(categoryText)) ? Number(categoryText) : undefined;
  // One string per URL state, so the paths are rebuilt only when the URL's regions change.
  const regionKey = params.getAll('region').join('|');
  const region = useMemo(
    () =>
      regionKey
        .split('|')
        .map(parseRegionPath)
        .filter((p): p is RegionPath => p !== null),
    [regionKey],
  );
  const places = useMemo(() => regionQuery(region), [region]);
  const { options: regionOptions } = useRegionOptions(true);
  const scope: HealthScope = useMemo(
    () => ({
      places:
        region.length > 0 ? pickedPlaceNames(regionOptions, region).join(', ') : t('health.scope.allRegions'),
      category:
        categoryType !== undefined && CategoryType.has(categoryType)
          ? CategoryType.labelOf(categoryType, lang)
          : t('health.filter.allCategories'),
    }),
    [region, regionOptions, categoryType, lang, t],
  );
  const list = {
    ...places,
    queryType,
    ...(categoryType ? { categoryType } : {}),
  } as unknown as ForecastListQuery;
  const chart = {
    ...places,
    queryType,
    ...(categoryType ? { categoryType } : {}),
  } as unknown as ForecastChartQuery;
  const set = (key: string, values: string[]) => {
    const next = new URLSearchParams(params);
    next.delete(key);
    for (const v of values) if (v !== '') next.append(key, v);
    setParams(next, { replace: true });
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="device-health">
      <Card>
        <Form layout="inline">
          <Form.Item label={t('health.filter.queryType')}>
            <Select
              style={{ width: SELECT_WIDTH }}
              value={queryType}
              options={ForecastQueryType.options(lang)}
              onChange={(v) => set('queryType', [String(v)])}
              data-testid="health-query-type"
            />
          </Form.Item>
          <Form.Item label={t('health.filter.categoryType')}>
            <Select
              style={{ width: SELECT_WIDTH }}
              allowClear
              placeholder={t('health.filter.allCategories')}
              value={categoryType}
              options={CategoryType.options(lang)}
              onChange={(v) => set('categoryType', v === undefined ? [] : [String(v)])}
              data-testid="health-category-type"
            />
          </Form.Item>
          <Form.Item label={t('health.filter.region')} style={{ minWidth: 280 }}>
            <RegionFilter
              value={region.map((p) => [...p])}
              onChange={(paths) => set('region', paths.map(formatRegionPath))}
            />
          </Form.Item>
        </Form>
      </Card>
      <AnomalySection list={list} chart={chart} scope={scope} />
      <ForecastSection list={list} chart={chart} scope={scope} />
      <TopReasonsSection
        places={places as Omit<ForecastChartQuery, 'queryType' | 'categoryType'>}
        placeNames={scope.places}
      />
    </Space>
  );
}
