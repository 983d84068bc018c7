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

import { api } from '../../../shared/api/call';
import { StoreFileImportDialog } from '../../../shared/files/StoreFileImportDialog';
import { saveBlob } from '../../../shared/files/save-blob';
import { ImportOutcome } from '../../../shared/import/ImportOutcome';
import {
  type ImportProblem,
  importOutcome,
  importProblems,
  reportBlob,
} from '../../../shared/import/import-outcome';

const TEMPLATE_FILE = 'store-import-template.xlsx';
const REPORT_FILE = 'store-import-report.xlsx';

interface Reply {
  reply: StoreImportResult;
  dryRun: boolean;
}

function StoreImportOutcome({ result, dryRun }: { result: StoreImportResult; dryRun: boolean }) {
  const { t } = useTranslation();
  const outcome = importOutcome(result, dryRun);
  const report = reportBlob(result);
  const counts = {
    added: result.added,
    updated: result.updated,
    unchanged: result.unchanged,
    levels: result.levelsAdded,
  };
  const title = {
    written: t('stores.import.written', counts),
    checked: t('stores.import.dryRunDone', counts),
    rejected: t('stores.import.rejected', { count: outcome.rejectedRows }),
    partial: `${t('stores.import.written', counts)} ${t('stores.import.rejectedPartial', { count: outcome.rejectedRows })}`,
  }[outcome.kind];
  return (
    <div data-testid="store-import-result" data-kind={outcome.kind} style={{ marginBottom: 16 }}>
      <ImportOutcome<ImportProblem>
        type={outcome.kind === 'rejected' ? 'error' : outcome.kind === 'partial' ? 'warning' : 'success'}
        title={<span data-testid="store-import-summary">{title}</span>}
        download={
          report
            ? {
                label: t('stores.import.downloadReport'),
                testId: 'store-import-report-download',
                onClick: () => saveBlob(report, REPORT_FILE),
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
                  { title: t('stores.import.row'), dataIndex: 'row', width: 70 },
                  { title: t('stores.import.column'), dataIndex: 'column', width: 140 },
                  { title: t('stores.import.problem'), dataIndex: 'message' },
                ],
                testId: 'store-import-problems',
              }
            : null
        }
      />
    </div>
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
