import { type DeviceImportResult, DeviceEndpoints as E } from '@storefleet/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { StoreFileImportDialog } from '@/shared/files/StoreFileImportDialog';
import { saveBlob } from '@/shared/files/save-blob';
import { ImportOutcome } from '@/shared/import/ImportOutcome';
import {
  IMPORT_REPORT_FILE,
  type ImportReportLine,
  importSummary,
  reportFile,
  reportLines,
} from './import-report';

/** The outcome of the last import: counts, the rejected rows' problems, the report to download. */
function ImportReport({ result }: { result: DeviceImportResult }) {
  const { t, i18n } = useTranslation();
  const { imported, rejected } = importSummary(result);
  const fieldName = (field: string) =>
    i18n.exists(`device.field.${field}`) ? t(`device.field.${field}`) : field;
  const report = reportFile(result);
  return (
    <div data-testid="device-import-report">
      <ImportOutcome<ImportReportLine>
        type={rejected === 0 ? 'success' : imported === 0 ? 'error' : 'warning'}
        title={t('device.dataCheck.importSummary', { imported, rejected })}
        download={
          report
            ? {
                label: t('device.dataCheck.downloadReport'),
                testId: 'device-import-report-download',
                onClick: () => saveBlob(report, IMPORT_REPORT_FILE),
              }
            : null
        }
        problems={
          rejected > 0
            ? {
                rows: reportLines(result),
                pageSize: 8,
                columns: [
                  { title: t('device.dataCheck.row'), dataIndex: 'row', width: 70 },
                  { title: t('device.dataCheck.field'), dataIndex: 'field', width: 150, render: fieldName },
                  { title: t('device.dataCheck.problem'), dataIndex: 'message' },
                ],
              }
            : null
        }
      />
    </div>
  );
}

/**
 * The import dialog (ImportDevicesModal.tsx opens it): the device pages' store-file import block
 * (StoreFileImportDialog) with the device template (.xlsx). The good rows are imported; the report of
 * the rejected ones stays in the dialog until it is closed.
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
  return (
    <StoreFileImportDialog<DeviceImportResult>
      open={open}
      onClose={onClose}
      testId="device-import"
      texts={{
        title: t('device.import.title'),
        submit: t('device.import.submit'),
        close: t('device.dataCheck.close'),
        store: t('device.field.shopName'),
        file: t('device.import.file'),
        pick: t('device.import.pick'),
        template: t('device.import.template'),
        uploading: t('device.import.uploading'),
        checking: t('device.import.checking'),
      }}
      send={(shopId, file, onProgress) => {
        const upload = new FormData();
        upload.append('file', file);
        return api(E.importExcel, { params: { shopId }, body: upload }, { onUploadProgress: onProgress });
      }}
      onReply={(outcome) => {
        if (outcome.rejected.length === 0)
          void message.success(t('device.import.done', { count: outcome.imported }));
        if (outcome.imported > 0) onImported();
      }}
      renderResult={(result) => <ImportReport result={result} />}
      isWide={(result) => result.rejected.length > 0}
      onTemplate={() =>
        void api(E.downloadExcelTemplate)
          .then((blob) => saveBlob(blob, 'device-template.xlsx'))
          .catch(() => undefined)
      }
    />
  );
}
