import { describe, expect, it } from 'vitest';

import { importOutcome, importProblems, reportBlob } from './import-outcome';

const reply = { written: false, added: 0, updated: 0, rejected: [], report: null };

describe('the import outcome', () => {
  it('tells written, checked, rejected and partial imports apart', () => {
    expect(importOutcome({ ...reply, written: true, added: 3, updated: 1 }, false).kind).toBe('written');
    expect(importOutcome({ ...reply, added: 3 }, true).kind).toBe('checked');
    const bad = [{ row: 4, errors: [{ column: 'MAC', message: 'bad' }] }];
    expect(importOutcome({ ...reply, rejected: bad }, false)).toEqual({
      kind: 'rejected',
      added: 0,
      updated: 0,
      rejectedRows: 1,
    });
    expect(importOutcome({ ...reply, written: true, added: 2, rejected: bad }, false).kind).toBe('partial');
  });

  it('lists every problem in row order', () => {
    const lines = importProblems({
      rejected: [
        { row: 9, errors: [{ column: 'B', message: 'b' }] },
        {
          row: 3,
          errors: [
            { column: 'A', message: 'a1' },
            { column: 'C', message: 'a2' },
          ],
        },
      ],
    });
    expect(lines.map((l) => [l.row, l.column, l.message])).toEqual([
      [3, 'A', 'a1'],
      [3, 'C', 'a2'],
      [9, 'B', 'b'],
    ]);
  });

  it('turns the base64 report into the workbook bytes', async () => {
    const blob = reportBlob({ report: btoa('PK\u0003\u0004') });
    expect(blob?.type).toContain('spreadsheetml');
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    expect(reportBlob({ report: null })).toBeNull();
  });
});
