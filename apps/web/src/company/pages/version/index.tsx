/**
 * AI box versions (company console, issue 14): the platform's version packages with the current one
 * marked, a form that pushes a version to the chosen stores' boxes or whole regions in waves, and the
 * upgrade runs with each box's state.
 */
import { BUTTON, StoreEndpoints, type UpgradeRunBody, VersionEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { Access } from '@/shared/permissions/Access';
import { UpgradeRuns } from './UpgradeRuns';
import { useVersionPage, VersionTable } from './VersionTable';

interface Values {
  versionId?: number;
  shopIds?: number[];
  areaIds?: number[];
  waveSize: number;
  failureThreshold: number;
}

export default function VersionPage() {
  const { t } = useTranslation();
  const page = useVersionPage();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('version.versions')}>
        <VersionTable page={page} />
      </Card>
      <Access codes={[BUTTON.versionPush]}>
        <StartUpgrade />
      </Access>
      <UpgradeRuns />
    </Space>
  );
}

function StartUpgrade() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const versions = useQuery(apiQuery(VersionEndpoints.versionList, { query: { pageNum: 1, pageSize: 100 } }));
  const stores = useQuery(apiQuery(StoreEndpoints.list, { query: {} }));
  const areas = useQuery(apiQuery(StoreEndpoints.listAreas, { query: {} }));
  const start = useCallMutation(VersionEndpoints.upgradeStart, {
    input: (body: UpgradeRunBody) => ({ body }),
    successMessage: t('version.upgrade.started'),
  });
  const storeList = Array.isArray(stores.data) ? stores.data : (stores.data?.list ?? []);
  const current = versions.data?.list.find((v) => v.current)?.id;

  return (
    <Card title={t('version.upgrade.title')}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ waveSize: 10, failureThreshold: 0 }}
        onFinish={async (values) => {
          await start.mutateAsync({
            versionId: values.versionId ?? current ?? 0,
            shopIds: values.shopIds ?? [],
            areaIds: values.areaIds ?? [],
            waveSize: values.waveSize,
            failureThreshold: values.failureThreshold,
          });
          form.resetFields(['shopIds', 'areaIds']);
        }}
      >
        <Form.Item
          name="versionId"
          label={t('version.upgrade.version')}
          rules={[{ required: current === undefined, message: t('version.upgrade.versionRequired') }]}
        >
          <Select
            loading={versions.isLoading}
            placeholder={versions.data?.list.find((v) => v.current)?.number}
            options={(versions.data?.list ?? []).map((v) => ({
              value: v.id,
              label: v.current ? `${v.number} (${t('version.current')})` : v.number,
            }))}
            data-testid="upgrade-version"
          />
        </Form.Item>
        <Form.Item name="shopIds" label={t('version.upgrade.stores')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={stores.isLoading}
            options={storeList.map((s) => ({ value: s.id, label: s.storeName }))}
            data-testid="upgrade-stores"
          />
        </Form.Item>
        <Form.Item name="areaIds" label={t('version.upgrade.regions')} extra={t('version.upgrade.scopeHint')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={areas.isLoading}
            options={(areas.data ?? []).map((a) => ({ value: Number(a.areaCode), label: a.areaName }))}
          />
        </Form.Item>
        <Space size={24} wrap>
          <Form.Item
            name="waveSize"
            label={t('version.upgrade.waveSize')}
            extra={t('version.upgrade.waveHint')}
          >
            <InputNumber min={1} max={1000} precision={0} data-testid="upgrade-wave-size" />
          </Form.Item>
          <Form.Item
            name="failureThreshold"
            label={t('version.upgrade.threshold')}
            extra={t('version.upgrade.thresholdHint')}
          >
            <InputNumber min={0} max={100} precision={0} data-testid="upgrade-threshold" />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={start.isPending} data-testid="upgrade-start">
          {t('version.upgrade.start')}
        </Button>
      </Form>
    </Card>
  );
}
