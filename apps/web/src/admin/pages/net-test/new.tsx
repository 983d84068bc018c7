/**
 * New platform net test (admin console, hidden page): a company, then its regions (none: all of them);
 * the boxes of their stores test the platform's addresses (those offered to every company). The call
 * also takes store and box ids (NetTestPlatformRunBody); this page offers regions only.
 */
import {
  NetTestAddressEndpoints,
  type NetTestPlatformRunBody,
  NetTestRunEndpoints,
  StoreEndpoints,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MULTI_SELECT, NetTestRunForm } from '@/company/pages/net-test/NetTestRunForm';
import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';

interface Values {
  companyId?: number;
  areaIds?: number[];
  addressIds?: number[];
}

export default function NewPlatformNetTestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const companyId = Form.useWatch('companyId', form);
  const companies = useQuery(apiQuery(StoreEndpoints.listCompanys, { query: {} }));
  const areas = useQuery({
    ...apiQuery(StoreEndpoints.listAreas, { query: { companyId: companyId ?? 0 } }),
    enabled: companyId !== undefined,
  });
  const addresses = useQuery(apiQuery(NetTestAddressEndpoints.listAddress, { query: {} }));
  const platformAddresses = (addresses.data ?? []).filter((a) => a.companyId === null);
  const run = useCallMutation(NetTestRunEndpoints.platformRunNetTest, {
    input: (body: NetTestPlatformRunBody) => ({ body }),
    successMessage: t('netTestRuns.started'),
  });

  return (
    <NetTestRunForm<Values>
      form={form}
      running={run.isPending}
      addresses={platformAddresses}
      addressesLoading={addresses.isLoading}
      addressLabels={{ label: 'netTestRuns.platform.addresses', extra: 'netTestRuns.platform.addressHint' }}
      onFinish={async (values) => {
        const chosen = values.areaIds ?? [];
        // No region chosen: every region of the company.
        const areaIds = chosen.length > 0 ? chosen : (areas.data ?? []).map((a) => Number(a.areaCode));
        await run.mutateAsync({
          companyId: values.companyId ?? 0,
          areaIds,
          ...(values.addressIds?.length ? { addressIds: values.addressIds } : {}),
        });
        await navigate('../index.html?tab=runs', { relative: 'path' });
      }}
    >
      <Form.Item
        name="companyId"
        label={t('netTestRuns.platform.company')}
        rules={[{ required: true, message: t('netTestRuns.platform.companyRequired') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          loading={companies.isLoading}
          options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={() => form.setFieldsValue({ areaIds: [] })}
          data-testid="net-test-company"
        />
      </Form.Item>
      <Form.Item
        name="areaIds"
        label={t('netTestRuns.platform.regions')}
        extra={t('netTestRuns.platform.regionsHint')}
      >
        <Select
          {...MULTI_SELECT}
          disabled={companyId === undefined}
          loading={areas.isLoading && companyId !== undefined}
          options={(areas.data ?? []).map((a) => ({ value: Number(a.areaCode), label: a.areaName }))}
          data-testid="net-test-regions"
        />
      </Form.Item>
    </NetTestRunForm>
  );
}
