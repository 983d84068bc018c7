/**
 * The store workbook's import dialog (docs/decisions/store-import.md): the file import block without a
 * store picker (each row names its store), a "check only" option and "write the good rows" for a large
 * file with a few wrong rows. What the import said stays in the dialog: added, updated, unchanged, the
 * regions, provinces and cities added, and every wrong row with its column and reason, downloadable as
 * the rejected rows with an error column to fix and upload again.
 */
import { StoreEndpoints as E, type StoreImportResult } from '@storefleet/contracts';
import { Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { StoreFileImportDialog } from '@/shared/files/StoreFileImportDialog';
import { saveBlob } from '@/shared/files/save-blob';
import { SheetImportOutcome } from '@/shared/import/SheetImportOutcome';

const TEMPLATE_FILE = 'store-import-template.xlsx';
const REPORT_FILE = 'store-import-report.xlsx';

interface Reply {
  reply: StoreImportResult;
  dryRun: boolean;
}

function StoreImportOutcome({ result, dryRun }: { result: StoreImportResult; dryRun: boolean }) {
  const { t } = useTranslation();
  const counts = {
    added: result.added,
    updated: result.updated,
    unchanged: result.unchanged,
    levels: result.levelsAdded,
  };
  return (
    <SheetImportOutcome
      reply={result}
      dryRun={dryRun}
      testId="store-import"
      reportFile={REPORT_FILE}
      titles={(kind, count) =>
        ({
          written: t('stores.import.written', counts),
          checked: t('stores.import.dryRunDone', counts),
          rejected: t('stores.import.rejected', { count }),
          partial: `${t('stores.import.written', counts)} ${t('stores.import.rejectedPartial', { count })}`,
        })[kind]
      }
      texts={{
        downloadReport: t('stores.import.downloadReport'),
        row: t('stores.import.row'),
        column: t('stores.import.column'),
        problem: t('stores.import.problem'),
      }}
    />
  );
}

export function StoreImportDialog({
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
  const [partial, setPartial] = useState(false);
  return (
    <StoreFileImportDialog<Reply>
      pickStore={false}
      open={open}
      onClose={onClose}
      testId="store-import"
      texts={{
        title: t('stores.import.title'),
        submit: t('stores.import.submit'),
        close: t('stores.import.close'),
        file: t('stores.import.file'),
        pick: t('stores.import.pick'),
        template: t('stores.import.template'),
        uploading: t('stores.import.uploading'),
        checking: t('stores.import.checking'),
      }}
      send={async (file, onProgress) => {
        const body = new FormData();
        body.append('file', file);
        const reply = await api(
          E.importStores,
          { query: { dryRun: dryRun ? 1 : 0, partial: partial ? 1 : 0 }, body },
          { onUploadProgress: onProgress },
        );
        return { reply, dryRun };
      }}
      onReply={({ reply }) => {
        if (reply.written) onImported();
      }}
      renderResult={(result) => <StoreImportOutcome result={result.reply} dryRun={result.dryRun} />}
      isWide={({ reply }) => reply.rejected.length > 0}
      onTemplate={() => {
        void api(E.downloadStoreTemplate)
          .then((blob) => saveBlob(blob, TEMPLATE_FILE))
          .catch(() => undefined);
      }}
      hint={t('stores.import.hint')}
    >
      <Form.Item extra={t('stores.import.dryRunHint')} style={{ marginBottom: 8 }}>
        <Checkbox
          checked={dryRun}
          onChange={(e) => setDryRun(e.target.checked)}
          data-testid="store-import-dry-run"
        >
          {t('stores.import.dryRun')}
        </Checkbox>
      </Form.Item>
      <Form.Item extra={t('stores.import.partialHint')}>
        <Checkbox
          checked={partial}
          onChange={(e) => setPartial(e.target.checked)}
          data-testid="store-import-partial"
        >
          {t('stores.import.partial')}
        </Checkbox>
      </Form.Item>
    </StoreFileImportDialog>
  );
}
