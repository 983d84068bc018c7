import { saveBlob } from '../files/save-blob';
import { ImportOutcome } from './ImportOutcome';
import {
  type ImportOutcomeKind,
  type ImportProblem,
  type ImportReply,
  importOutcome,
  importProblems,
  reportBlob,
} from './import-outcome';

/**
 * What a workbook import (inventory, stores) said, in its dialog: the summary of the outcome's kind, the
 * report of rejected rows to download, and one table line per problem. `testId` prefixes the parts'
 * `data-testid`s (`-result`, `-summary`, `-report-download`, `-problems`).
 */
export function SheetImportOutcome({
  reply,
  dryRun,
  testId,
  titles,
  texts,
  reportFile,
}: {
  reply: ImportReply;
  dryRun: boolean;
  testId: string;
  /** The summary for each kind of outcome (rejected rows: `rejectedRows` is the count). */
  titles: (kind: ImportOutcomeKind, rejectedRows: number) => string;
  texts: { downloadReport: string; row: string; column: string; problem: string };
  reportFile: string;
}) {
  const outcome = importOutcome(reply, dryRun);
  const report = reportBlob(reply);
  return (
    <div data-testid={`${testId}-result`} data-kind={outcome.kind} style={{ marginBottom: 16 }}>
      <ImportOutcome<ImportProblem>
        type={outcome.kind === 'rejected' ? 'error' : outcome.kind === 'partial' ? 'warning' : 'success'}
        title={<span data-testid={`${testId}-summary`}>{titles(outcome.kind, outcome.rejectedRows)}</span>}
        download={
          report
            ? {
                label: texts.downloadReport,
                testId: `${testId}-report-download`,
                onClick: () => saveBlob(report, reportFile),
              }
            : null
        }
        problems={
          outcome.rejectedRows > 0
            ? {
                rows: importProblems(reply),
                pageSize: 10,
                onRow: (line) => ({ 'data-row': line.row }),
                columns: [
                  { title: texts.row, dataIndex: 'row', width: 70 },
                  { title: texts.column, dataIndex: 'column', width: 160 },
                  { title: texts.problem, dataIndex: 'message' },
                ],
                testId: `${testId}-problems`,
              }
            : null
        }
      />
    </div>
  );
}
