import { InventoryEndpoints as E, type InventoryImportResult } from '@storefleet/contracts';
import { Alert, Button, Checkbox, Form, Modal, Progress, Select, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../../../shared/api/call';
import { useScopeStores } from '../useScopeStores';
import {
  type ImportProblem,
  INVENTORY_REPORT_FILE,
  importOutcome,
  importProblems,
  reportBlob,
  saveBlob,
} from './import-outcome';

export const TEMPLATE_FILE = 'inventory-template.xlsx';

/** Downloads the import template (header in the console's language, drop-downs, one example row). */
export function downloadTemplate(): Promise<void> {
  return api(E.downloadExcelTemplate)
    .then((blob) => saveBlob(blob, TEMPLATE_FILE))
    .catch(() => undefined);
}

/** What the last import said: written or not, the counts, every problem, the report to download. */
function ImportResult({ result, dryRun }: { result: InventoryImportResult; dryRun: boolean }) {
  const { t } = useTranslation();
  const outcome = importOutcome(result, dryRun);
  const report = reportBlob(result);
  const title = {
    written: t('inventory.import.written', { added: outcome.added, updated: outcome.updated }),
    checked: t('inventory.import.dryRunDone', { added: outcome.added, updated: outcome.updated }),
    rejected: t('inventory.import.rejected', { count: outcome.rejectedRows }),
    partial: `${t('inventory.import.written', { added: outcome.added, updated: outcome.updated })} ${t('inventory.import.rejectedPartial', { count: outcome.rejectedRows })}`,
  }[outcome.kind];
  return (
    <div data-testid="inventory-import-result" data-kind={outcome.kind} style={{ marginBottom: 16 }}>
      <Alert
        showIcon
        type={outcome.kind === 'rejected' ? 'error' : outcome.kind === 'partial' ? 'warning' : 'success'}
        title={<span data-testid="inventory-import-summary">{title}</span>}
        action={
          report ? (
            <Button
              size="small"
              onClick={() => saveBlob(report, INVENTORY_REPORT_FILE)}
              data-testid="inventory-import-report-download"
            >
              {t('inventory.import.downloadReport')}
            </Button>
          ) : null
        }
        style={{ marginBottom: 12 }}
      />
      {outcome.rejectedRows > 0 ? (
        <Table<ImportProblem>
          size="small"
          rowKey="key"
          dataSource={importProblems(result)}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(line) => ({ 'data-row': line.row }) as object}
          columns={[
            { title: t('inventory.import.row'), dataIndex: 'row', width: 70 },
            { title: t('inventory.import.column'), dataIndex: 'column', width: 160 },
            { title: t('inventory.import.problem'), dataIndex: 'message' },
          ]}
          data-testid="inventory-import-problems"
        />
      ) : null}
    </div>
  );
}

/**
 * The import dialog (docs/decisions/inventory.md "Import"): pick a store and a file, optionally check
 * only; the upload shows its progress, then the rows are checked on the server. All or nothing: with
 * any wrong row nothing is written and every wrong row is listed (row, column, problem), downloadable
 * as the sheet with an error column; the user fixes the file and imports again in the same dialog.
 */
export default function ImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const stores = useScopeStores({ enabled: open, staleTime: 5 * 60_000 });
  const [shopId, setShopId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ reply: InventoryImportResult; dryRun: boolean } | null>(null);
  const storeOptions = useMemo(
    () => (stores.data ?? []).map((s) => ({ value: s.shopId, label: s.storeName })),
    [stores.data],
  );
  const busy = progress !== null;

  const close = () => {
    onClose();
    setResult(null);
    setFile(null);
  };

  const submit = async () => {
    if (shopId === null || file === null) return;
    setProgress(0);
    setResult(null);
    try {
      const body = new FormData();
      body.append('file', file);
      const reply = await api(
        E.importExcelInventory,
        { params: { shopId }, query: { dryRun: dryRun ? 1 : 0, partial: 0 }, body },
        { onUploadProgress: (fraction) => setProgress(Math.round(fraction * 100)) },
      );
      setResult({ reply, dryRun });
      if (reply.written) onImported();
    } catch {
      // The request client has already shown the server's message (a file it cannot read: 400).
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      open={open}
      title={t('inventory.import.title')}
      okText={t('inventory.import.submit')}
      okButtonProps={{
        disabled: shopId === null || file === null,
        loading: busy,
        'data-testid': 'inventory-import-submit',
      }}
      cancelText={t('inventory.import.close')}
      onOk={() => void submit()}
      onCancel={close}
      width={result && result.reply.rejected.length > 0 ? 820 : 560}
      destroyOnHidden
    >
      {result ? <ImportResult result={result.reply} dryRun={result.dryRun} /> : null}
      {busy ? (
        <div data-testid="inventory-import-progress" style={{ marginBottom: 16 }}>
          <Progress percent={progress} status="active" />
          <Typography.Text type="secondary">
            {progress !== null && progress >= 100
              ? t('inventory.import.checking')
              : t('inventory.import.uploading')}
          </Typography.Text>
        </div>
      ) : null}
      <Typography.Paragraph type="secondary">{t('inventory.import.allOrNothing')}</Typography.Paragraph>
      <Form layout="vertical" data-testid="inventory-import-form">
        <Form.Item label={t('inventory.import.store')} required>
          <Select
            showSearch
            optionFilterProp="label"
            loading={stores.isFetching}
            options={storeOptions}
            value={shopId ?? undefined}
            onChange={(value: number) => setShopId(value)}
            placeholder={t('common.pleaseSelect')}
            data-testid="inventory-import-store"
          />
        </Form.Item>
        <Form.Item label={t('inventory.import.file')} required>
          <Upload
            accept=".xlsx"
            maxCount={1}
            fileList={file ? [{ uid: 'picked', name: file.name, status: 'done' }] : []}
            beforeUpload={(picked) => {
              setFile(picked);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button data-testid="inventory-import-pick">{t('inventory.import.pick')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item extra={t('inventory.import.dryRunHint')}>
          <Checkbox
            checked={dryRun}
            onChange={(e) => setDryRun(e.target.checked)}
            data-testid="inventory-import-dry-run"
          >
            {t('inventory.import.dryRun')}
          </Checkbox>
        </Form.Item>
        <Button type="link" onClick={() => void downloadTemplate()} data-testid="inventory-import-template">
          {t('inventory.action.template')}
        </Button>
      </Form>
    </Modal>
  );
}
