// The task list's filters: a due range and "overdue only" round-trip between form and URL, and the
// call gets ids as numbers, stages comma-joined and no empty filter.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import { taskFiltersFromForm, taskFormValues, taskListQuery } from './task-query';

describe('task list filters', () => {
  it('keep a due range and the overdue switch in the URL as days and 1', () => {
    const url = taskFiltersFromForm({
      due: [dayjs('2026-11-01'), dayjs('2026-11-30')],
      overdue: true,
      stage: ['dispatched'],
    });
    expect(url).toMatchObject({ dueFrom: '2026-11-01', dueTo: '2026-11-30', overdue: '1' });
    const form = taskFormValues({
      dueFrom: '2026-11-01',
      dueTo: '2026-11-30',
      overdue: '1',
      assigneeId: '7',
    });
    expect((form.due as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD'))).toEqual([
      '2026-11-01',
      '2026-11-30',
    ]);
    expect(form).toMatchObject({ overdue: true, assigneeId: 7 });
  });

  it('drop the overdue filter when the switch is off', () => {
    expect(taskFiltersFromForm({ overdue: false }).overdue).toBeUndefined();
    expect(taskFormValues({}).overdue).toBe(false);
  });

  it('send ids as numbers, stages comma-joined and nothing empty', () => {
    expect(
      taskListQuery({
        pageNum: 2,
        pageSize: 20,
        stage: ['created', 'dispatched'],
        assigneeId: '7',
        overdue: '1',
      }),
    ).toEqual({ pageNum: 2, pageSize: 20, stage: 'created,dispatched', assigneeId: 7, overdue: 1 });
    expect(taskListQuery({ pageNum: 1, pageSize: 10 })).toEqual({ pageNum: 1, pageSize: 10 });
  });
});
