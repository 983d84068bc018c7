import { describe, expect, it } from 'vitest';

import { importSummary, reportFile, reportLines } from './import-report';

const result = {
  imported: 3,
  rejected: [
    {
      row: 7,
      cells: ['Printer', 'dup-1'],
      errors: [{ field: 'hostid', message: 'repeats row 5' }],
    },
    {
      row: 4,
      cells: ['POS', 'pos-1'],
      errors: [
        { field: 'macAddress', message: 'MAC 地址无效' },
        { field: 'intranetIp', message: 'IP 地址无效' },
      ],
    },
  ],
  report: Buffer.from('PK report bytes').toString('base64'),
};

describe('device import report', () => {
  it('says how many rows were imported and how many rejected', () => {
    expect(importSummary(result)).toEqual({ imported: 3, rejected: 2 });
    expect(importSummary({ imported: 5, rejected: [] })).toEqual({ imported: 5, rejected: 0 });
  });

  it('lists every problem of every rejected row, in row order, as the server worded it', () => {
    expect(reportLines(result)).toEqual([
      { key: '4-0', row: 4, field: 'macAddress', message: 'MAC 地址无效' },
      { key: '4-1', row: 4, field: 'intranetIp', message: 'IP 地址无效' },
      { key: '7-0', row: 7, field: 'hostid', message: 'repeats row 5' },
    ]);
  });

  it('turns the reply workbook into an .xlsx file, and offers none when nothing was rejected', async () => {
    const file = reportFile(result);
    expect(file?.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(Buffer.from(await (file as Blob).arrayBuffer()).toString()).toBe('PK report bytes');
    expect(reportFile({ report: null })).toBeNull();
  });
});
