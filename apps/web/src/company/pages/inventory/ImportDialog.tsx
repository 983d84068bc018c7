import { InventoryEndpoints as E, type InventoryImportResult } from '@storefleet/contracts';
import { Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { StoreFileImportDialog } from '@/shared/files/StoreFileImportDialog';
import { saveBlob } from '@/shared/files/save-blob';
import { INVENTORY_REPORT_FILE } from '@/shared/import/import-outcome';
import { SheetImportOutcome } from '@/shared/import/SheetImportOutcome';

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
  const counts = { added: result.added, updated: result.updated };
  return (
    <SheetImportOutcome
      reply={result}
      dryRun={dryRun}
      testId="inventory-import"
      reportFile={INVENTORY_REPORT_FILE}
      titles={(kind, count) =>
        ({
          written: t('inventory.import.written', counts),
          checked: t('inventory.import.dryRunDone', counts),
          rejected: t('inventory.import.rejected', { count }),
          partial: `${t('inventory.import.written', counts)} ${t('inventory.import.rejectedPartial', { count })}`,
        })[kind]
      }
      texts={{
        downloadReport: t('inventory.import.downloadReport'),
        row: t('inventory.import.row'),
        column: t('inventory.import.column'),
        problem: t('inventory.import.problem'),
      }}
    />
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
