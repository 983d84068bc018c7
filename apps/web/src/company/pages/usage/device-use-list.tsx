import { BUTTON, UsageEndpoints as E } from '@storefleet/contracts';
import { App, Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { saveBlob } from '@/shared/files/save-blob';
import { ListTable, useListPage } from '@/shared/list';
import { Access } from '@/shared/permissions/Access';
import { UsageFilterForm } from './UsageFilterForm';
import { columnsWidth, usageColumns } from './usage-columns';
import {
  USAGE_DEFAULT_SORT,
  USAGE_FILTERS,
  USAGE_LIST_SORT_FIELDS,
  usageExportBody,
  usageListQuery,
} from './usage-query';

const rowKey = (row: { deviceId: number; statisticsDate: string }) => `${row.deviceId}/${row.statisticsDate}`;

/**
 * /device/device-use-list.html: one row per device and day (issue 13) with the device lists' filters and
 * a date range (the server's default: the last 7 days, today so far included), sorting, and the
 * export of the same filters behind `device-usage:export`.
 */
export default function DeviceUsageListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const list = useListPage({
    endpoint: E.listDeviceUsages,
    filters: USAGE_FILTERS,
    rowKey,
    sortFields: USAGE_LIST_SORT_FIELDS,
    defaultSort: USAGE_DEFAULT_SORT,
    toQuery: usageListQuery,
  });
  const columns = useMemo(() => usageColumns(t, list.sortOrder), [t, list.sortOrder]);

  const exportRows = async () => {
    setExporting(true);
    void message.info(t('usage.message.exporting'));
    try {
      saveBlob(await api(E.exportDeviceData, { body: usageExportBody(list.params) }), 'device-usage.xlsx');
    } catch {
      // Already reported by the request client.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="usage-list-page">
      <UsageFilterForm list={list} />
      <Space style={{ marginBottom: 16 }}>
        <Access codes={[BUTTON.usageExport]}>
          <Button loading={exporting} onClick={() => void exportRows()} data-testid="usage-export">
            {t('usage.action.export')}
          </Button>
        </Access>
      </Space>
      <ListTable
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: columnsWidth(columns) }}
        data-testid="usage-list-table"
      />
    </div>
  );
}
