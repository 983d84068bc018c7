import { describe, expect, it } from 'vitest';

import { syslogQuery } from './syslog-query';

describe('syslog list query', () => {
  it('sends the device, the page and a well-formed time range', () => {
    expect(
      syslogQuery({
        deviceId: '7',
        startDatetime: '2024-05-01 08:00:00',
        endDatetime: '2024-05-01 18:00:00',
        pageNum: 2,
        pageSize: 20,
      }),
    ).toEqual({
      deviceId: '7',
      pageNum: 2,
      pageSize: 20,
      startDatetime: '2024-05-01 08:00:00',
      endDatetime: '2024-05-01 18:00:00',
    });
  });

  it('drops malformed times instead of sending them to be refused', () => {
    const query = syslogQuery({
      deviceId: '7',
      startDatetime: '2024-05-01',
      endDatetime: 'yesterday',
      pageNum: 1,
      pageSize: 10,
    });
    expect(query.startDatetime).toBeUndefined();
    expect(query.endDatetime).toBeUndefined();
  });
});
