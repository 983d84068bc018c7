import { type DeviceImportResult, DeviceEndpoints as E } from '@storefleet/contracts';
import { Alert, App, Button, Form, Modal, Select, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../../shared/api/call';
import {
  IMPORT_REPORT_FILE,
  type ImportReportLine,
  importSummary,
  reportFile,
  reportLines,
} from './import-report';
import { useRegionOptions } from './RegionField';
import { type RegionOption, storeIdOfPath } from './region-options';

function storesOf(options: readonly RegionOption[]): { value: number; label: string }[] {
  return options.flatMap((o) => {
    const id = o.isStore ? storeIdOfPath([o.value]) : null;
    return [...(id !== null ? [{ value: id, label: o.label }] : []), ...storesOf(o.children ?? [])];
  });
}

/** Saves a downloaded file under a name the user recognises. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The outcome of the last import: counts, the rejected rows' problems, the report to download. */
function ImportReport({ result }: { result: DeviceImportResult }) {
  const { t, i18n } = useTranslation();
  const { imported, rejected } = importSummary(result);
  const fieldName = (field: string) =>
    i18n.exists(`device.field.${field}`) ? t(`device.field.${field}`) : field;
  const report = reportFile(result);
  return (
    <div data-testid="device-import-report">
      <Alert
        showIcon
        type={rejected === 0 ? 'success' : imported === 0 ? 'error' : 'warning'}
        title={t('device.dataCheck.importSummary', { imported, rejected })}
        action={
          report ? (
            <Button
              size="small"
              onClick={() => saveBlob(report, IMPORT_REPORT_FILE)}
              data-testid="device-import-report-download"
            >
              {t('device.dataCheck.downloadReport')}
            </Button>
          ) : null
        }
        style={{ marginBottom: 12 }}
      />
      {rejected > 0 ? (
        <Table<ImportReportLine>
          size="small"
          rowKey="key"
          dataSource={reportLines(result)}
          pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            { title: t('device.dataCheck.row'), dataIndex: 'row', width: 70 },
            { title: t('device.dataCheck.field'), dataIndex: 'field', width: 150, render: fieldName },
            { title: t('device.dataCheck.problem'), dataIndex: 'message' },
          ]}
        />
      ) : null}
    </div>
  );
}

/**
 * The import dialog (ImportDevicesModal.tsx opens it): imports devices into one store from the device
 * template (.xlsx); the template is downloadable here. The good rows are imported; the report of the
 * rejected ones stays in the dialog until it is closed.
 */
export default function ImportDevicesDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [shopId, setShopId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<DeviceImportResult | null>(null);
  const { options, loading } = useRegionOptions(open);

  const close = () => {
    onClose();
    setResult(null);
    setFile(null);
  };

  const submit = async () => {
    if (shopId === null || file === null) return;
    setBusy(true);
    try {
      const upload = new FormData();
      upload.append('file', file);
      const outcome = await api(E.importExcel, { params: { shopId }, body: upload });
      setResult(outcome);
      if (outcome.rejected.length === 0)
        void message.success(t('device.import.done', { count: outcome.imported }));
      if (outcome.imported > 0) onImported();
    } catch {
      // The request client has already shown the server's message (it names the refused rows).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('device.import.title')}
      okText={t('device.import.submit')}
      okButtonProps={{
        disabled: shopId === null || file === null,
        loading: busy,
        'data-testid': 'device-import-submit',
      }}
      cancelText={t('device.dataCheck.close')}
      onOk={() => void submit()}
      onCancel={close}
      width={result && result.rejected.length > 0 ? 760 : undefined}
      destroyOnHidden
    >
      {result ? <ImportReport result={result} /> : null}
      <Form layout="vertical" data-testid="device-import-form">
        <Form.Item label={t('device.field.shopName')} required>
          <Select
            showSearch
            optionFilterProp="label"
            loading={loading}
            options={storesOf(options)}
            value={shopId ?? undefined}
            onChange={(value: number) => setShopId(value)}
            placeholder={t('common.pleaseSelect')}
            data-testid="device-import-store"
          />
        </Form.Item>
        <Form.Item label={t('device.import.file')} required>
          <Upload
            accept=".xlsx"
            maxCount={1}
            beforeUpload={(picked) => {
              setFile(picked);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button>{t('device.import.pick')}</Button>
          </Upload>
        </Form.Item>
        <Button
          type="link"
          onClick={() =>
            void api(E.downloadExcelTemplate)
              .then((blob) => saveBlob(blob, 'device-template.xlsx'))
              .catch(() => undefined)
          }
        >
          {t('device.import.template')}
        </Button>
      </Form>
    </Modal>
  );
}
