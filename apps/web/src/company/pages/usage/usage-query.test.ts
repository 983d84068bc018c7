import { describe, expect, it } from 'vitest';

import { usageExportBody, usageFilterFormValues, usageFilterFromForm, usageListQuery } from './usage-query';

describe('usage list query', () => {
  it('sends the device filters and the date range', () => {
    expect(
      usageListQuery({
        region: ['3.17', '3.17.40.s9'],
        deviceName: ' pos ',
        startTime: '2026-11-01',
        endTime: '2026-11-07',
        pageNum: 2,
        pageSize: 20,
        sortBy: 'usageRate',
        sortDirection: 'asc',
      }),
    ).toEqual({
      provinceLevelListStr: '17',
      shopIdStr: '9',
      deviceName: 'pos',
      startTime: '2026-11-01',
      endTime: '2026-11-07',
      pageNum: 2,
      pageSize: 20,
      sortBy: 'usageRate',
      sortDirection: 'asc',
    });
  });

  it('leaves a half or reversed range to the server default', () => {
    expect(usageListQuery({ startTime: '2026-11-07', endTime: '2026-11-01' })).toEqual({});
    expect(usageListQuery({ startTime: '2026-11-07' })).toEqual({});
  });

  it('exports the same filters and order without paging', () => {
    expect(
      usageExportBody({
        deviceCategory: 'pc',
        startTime: '2026-11-01',
        endTime: '2026-11-02',
        pageNum: 3,
        pageSize: 50,
      }),
    ).toEqual({ deviceCategory: 'pc', startTime: '2026-11-01', endTime: '2026-11-02' });
  });

  it("shows the server's default week in the form when the URL has no whole range", () => {
    const today = new Date(2026, 10, 25);
    expect(usageFilterFormValues({}, today).range).toEqual(['2026-11-19', '2026-11-25']);
    expect(usageFilterFormValues({ startTime: '2026-11-01' }, today).range).toEqual([
      '2026-11-19',
      '2026-11-25',
    ]);
    // And the call made from the URL indeed leaves the range to the server.
    expect(usageListQuery({ startTime: '2026-11-01' })).toEqual({});
  });

  it('round-trips the range through the form', () => {
    const form = usageFilterFormValues({ startTime: '2026-11-01', endTime: '2026-11-02', deviceName: 'a' });
    expect(form.range).toEqual(['2026-11-01', '2026-11-02']);
    const back = usageFilterFromForm(form);
    expect(back).toMatchObject({ startTime: '2026-11-01', endTime: '2026-11-02', deviceName: 'a' });
  });
});
