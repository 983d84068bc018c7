import { useQueryClient } from '@tanstack/react-query';
import { Col, Empty, Input, Pagination, Row, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FILTER_COL } from '../../../shared/grid';
import { useDeviceStatusEvents } from '../device/useDeviceStatusEvents';
import { useScopeStores } from '../device/useScopeStores';
import { StoreCard, storeCountsKey } from './StoreCard';

const PAGE_SIZE = 24;
/** A store's link dropping sends a burst of events; its counts are refetched once per burst. */
const REFRESH_MS = 1000;

/** /dynamic-monitor/index.html: a card per store in the caller's scope with live online/offline counts. */
export default function DynamicMonitorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const stores = useScopeStores();
  const pending = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useDeviceStatusEvents((event) => {
    if (pending.current.has(event.shopId)) return;
    pending.current.set(
      event.shopId,
      setTimeout(() => {
        pending.current.delete(event.shopId);
        void queryClient.invalidateQueries({ queryKey: storeCountsKey(event.shopId) });
      }, REFRESH_MS),
    );
  });

  const shown = useMemo(() => {
    const needle = name.trim().toLowerCase();
    const all = stores.data ?? [];
    return needle === ''
      ? all
      : all.filter(
          (s) => s.storeName.toLowerCase().includes(needle) || s.storeNo.toLowerCase().includes(needle),
        );
  }, [stores.data, name]);
  const pageStores = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <div data-testid="dynamic-monitor">
      <Row style={{ marginBottom: 16 }}>
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
      </Row>
      {stores.isPending ? <Spin /> : null}
      {!stores.isPending && shown.length === 0 ? <Empty description={t('dynamicMonitor.noStores')} /> : null}
      <Row gutter={[16, 16]}>
        {pageStores.map((store) => (
          <Col key={store.shopId} xs={24} sm={12} md={8} lg={6} xl={6} xxl={4}>
            <StoreCard store={store} />
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
