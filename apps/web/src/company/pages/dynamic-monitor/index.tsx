import { DeviceEndpoints } from '@storefleet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Empty, Input, Pagination, Row, Space, Spin, Switch, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { FILTER_COL } from '@/shared/grid';
import { useDeviceStatusEvents } from '@/shared/live/useDeviceStatusEvents';
import { useScopeStores } from '@/shared/org/useScopeStores';
import { StoreCard, storeCountsKey } from './StoreCard';
import { NO_TROUBLE, sortByTrouble, troubleByStore } from './store-trouble';

const PAGE_SIZE = 24;
/** A store's link dropping sends a burst of events; its counts are refetched once per burst. */
const REFRESH_MS = 1000;

/** Every store in scope with offline devices or open alerts, in one call: the cards' order. */
const troubleQuery = apiQuery(DeviceEndpoints.getStoreTrouble, {});

/**
 * /dynamic-monitor/index.html: a card per store in the caller's scope with live online/offline counts,
 * stores in trouble first (most offline devices first) and marked red; "problems only" hides the rest.
 */
export default function DynamicMonitorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [problemsOnly, setProblemsOnly] = useState(false);
  const stores = useScopeStores();
  const trouble = useQuery(troubleQuery);
  const pending = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const troubleRefresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useDeviceStatusEvents((event) => {
    if (!troubleRefresh.current)
      troubleRefresh.current = setTimeout(() => {
        troubleRefresh.current = null;
        void queryClient.invalidateQueries({ queryKey: troubleQuery.queryKey });
      }, REFRESH_MS);
    if (pending.current.has(event.shopId)) return;
    pending.current.set(
      event.shopId,
      setTimeout(() => {
        pending.current.delete(event.shopId);
        void queryClient.invalidateQueries({ queryKey: storeCountsKey(event.shopId) });
      }, REFRESH_MS),
    );
  });

  const troubles = useMemo(() => troubleByStore(trouble.data ?? []), [trouble.data]);
  const shown = useMemo(() => {
    const needle = name.trim().toLowerCase();
    const all = stores.data ?? [];
    const named =
      needle === ''
        ? all
        : all.filter(
            (s) => s.storeName.toLowerCase().includes(needle) || s.storeNo.toLowerCase().includes(needle),
          );
    return sortByTrouble(named, (shopId) => troubles.get(shopId) ?? NO_TROUBLE, problemsOnly);
  }, [stores.data, name, troubles, problemsOnly]);
  const pageStores = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const loading = stores.isPending || trouble.isPending;

  return (
    <div data-testid="dynamic-monitor">
      <Row style={{ marginBottom: 16 }} gutter={16} align="middle">
        <Col {...FILTER_COL}>
          <Input.Search
            allowClear
            placeholder={t('dynamicMonitor.searchStore')}
            onSearch={(value) => {
              setName(value);
              setPage(1);
            }}
            data-testid="dynamic-monitor-search"
          />
        </Col>
        <Col>
          <Space>
            <Switch
              checked={problemsOnly}
              onChange={(on) => {
                setProblemsOnly(on);
                setPage(1);
              }}
              data-testid="dynamic-monitor-problems-only"
            />
            <Typography.Text>{t('dynamicMonitor.problemsOnly')}</Typography.Text>
          </Space>
        </Col>
      </Row>
      {loading ? <Spin /> : null}
      {!loading && shown.length === 0 ? (
        <Empty description={t(problemsOnly ? 'dynamicMonitor.noProblems' : 'dynamicMonitor.noStores')} />
      ) : null}
      <Row gutter={[16, 16]} data-testid="dynamic-monitor-cards">
        {loading
          ? null
          : pageStores.map((store) => (
              <Col key={store.shopId} xs={24} sm={12} md={8} lg={6} xl={6} xxl={4}>
                <StoreCard store={store} openAlerts={troubles.get(store.shopId)?.openAlerts ?? 0} />
              </Col>
            ))}
      </Row>
      {shown.length > PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={shown.length}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
    </div>
  );
}
