/**
 * New net test (hidden page): pick stores and/or regions (their boxes test) and the addresses (none:
 * every address offered to the company), then run; the run's results show on the list page.
 */
import {
  NetTestAddressEndpoints,
  type NetTestRunBody,
  NetTestRunEndpoints,
  StoreEndpoints,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { MULTI_SELECT, NetTestRunForm } from './NetTestRunForm';

interface Values {
  shopIds?: number[];
  areaIds?: number[];
  addressIds?: number[];
}

export default function NewNetTestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const stores = useQuery(apiQuery(StoreEndpoints.list, { query: {} }));
  const areas = useQuery(apiQuery(StoreEndpoints.listAreas, { query: {} }));
  const addresses = useQuery(apiQuery(NetTestAddressEndpoints.listAddress, { query: {} }));
  const run = useCallMutation(NetTestRunEndpoints.runNetTest, {
    input: (body: NetTestRunBody) => ({ body }),
    successMessage: t('netTestRuns.started'),
  });
  const storeList = Array.isArray(stores.data) ? stores.data : (stores.data?.list ?? []);

  return (
    <NetTestRunForm<Values>
      form={form}
      running={run.isPending}
      addresses={addresses.data ?? []}
      addressesLoading={addresses.isLoading}
      addressLabels={{ label: 'netTestRuns.form.addresses', extra: 'netTestRuns.form.addressHint' }}
      onFinish={async (values) => {
        await run.mutateAsync({
          shopIds: values.shopIds ?? [],
          areaIds: values.areaIds ?? [],
          ...(values.addressIds?.length ? { addressIds: values.addressIds } : {}),
        });
        await navigate('../index.html', { relative: 'path' });
      }}
    >
      <Form.Item name="shopIds" label={t('netTestRuns.form.stores')}>
        <Select
          {...MULTI_SELECT}
          loading={stores.isLoading}
          options={storeList.map((s) => ({ value: s.id, label: s.storeName }))}
          data-testid="net-test-stores"
        />
      </Form.Item>
      <Form.Item name="areaIds" label={t('netTestRuns.form.regions')} extra={t('netTestRuns.form.scopeHint')}>
        <Select
          {...MULTI_SELECT}
          loading={areas.isLoading}
          options={(areas.data ?? []).map((a) => ({ value: Number(a.areaCode), label: a.areaName }))}
        />
      </Form.Item>
    </NetTestRunForm>
  );
}
