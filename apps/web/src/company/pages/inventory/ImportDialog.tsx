import { InventoryEndpoints as E, type InventoryImportResult } from '@storefleet/contracts';
import { Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { StoreFileImportDialog } from '@/shared/files/StoreFileImportDialog';
import { saveBlob } from '@/shared/files/save-blob';
import { ImportOutcome } from '@/shared/import/ImportOutcome';
import {
  type ImportProblem,
  INVENTORY_REPORT_FILE,
  importOutcome,
  importProblems,
  reportBlob,
} from '@/shared/import/import-outcome';

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
      <ImportOutcome<ImportProblem>
        type={outcome.kind === 'rejected' ? 'error' : outcome.kind === 'partial' ? 'warning' : 'success'}
        title={<span data-testid="inventory-import-summary">{title}</span>}
        download={
          report
            ? {
                label: t('inventory.import.downloadReport'),
                testId: 'inventory-import-report-download',
                onClick: () => saveBlob(report, INVENTORY_REPORT_FILE),
              }
            : null
        }
        problems={
          outcome.rejectedRows > 0
            ? {
                rows: importProblems(result),
                pageSize: 10,
                onRow: (line) => ({ 'data-row': line.row }),
                columns: [
                  { title: t('inventory.import.row'), dataIndex: 'row', width: 70 },
                  { title: t('inventory.import.column'), dataIndex: 'column', width: 160 },
                  { title: t('inventory.import.problem'), dataIndex: 'message' },
                ],
                testId: 'inventory-import-problems',
              }
            : null
        }
      />
    </div>
  );
}

/**
 * The import dialog (docs/decisions/inventory.md "Import"): the device pages' store-file import block
 * (StoreFileImportDialog) with a "check only" option. All or nothing: with any wrong row nothing is
 * written and every wrong row is listed (row, column, problem), downloadable as the sheet with an error
 * column; the user fixes the file and imports again in the same dialog.
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
  const [dryRun, setDryRun] = useState(false);
  return (
    <StoreFileImportDialog<{ reply: InventoryImportResult; dryRun: boolean }>
      open={open}
      onClose={onClose}
      testId="inventory-import"
      texts={{
        title: t('inventory.import.title'),
        submit: t('inventory.import.submit'),
        close: t('inventory.import.close'),
        store: t('inventory.import.store'),
        file: t('inventory.import.file'),
        pick: t('inventory.import.pick'),
        template: t('inventory.action.template'),
        uploading: t('inventory.import.uploading'),
        checking: t('inventory.import.checking'),
      }}
      send={async (shopId, file, onProgress) => {
        const body = new FormData();
        body.append('file', file);
        const reply = await api(
          E.importExcelInventory,
          { params: { shopId }, query: { dryRun: dryRun ? 1 : 0, partial: 0 }, body },
          { onUploadProgress: onProgress },
        );
        return { reply, dryRun };
      }}
      onReply={({ reply }) => {
        if (reply.written) onImported();
      }}
      renderResult={(result) => <ImportResult result={result.reply} dryRun={result.dryRun} />}
      isWide={({ reply }) => reply.rejected.length > 0}
      onTemplate={() => void downloadTemplate()}
      hint={t('inventory.import.allOrNothing')}
    >
      <Form.Item extra={t('inventory.import.dryRunHint')}>
        <Checkbox
          checked={dryRun}
          onChange={(e) => setDryRun(e.target.checked)}
          data-testid="inventory-import-dry-run"
        >
          {t('inventory.import.dryRun')}
        </Checkbox>
      </Form.Item>
    </StoreFileImportDialog>
  );
}
