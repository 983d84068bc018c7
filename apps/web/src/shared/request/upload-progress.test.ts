import { describe, expect, it } from 'vitest';

import { parseResponseHeaders, progressFraction } from './upload-progress';

describe('upload progress', () => {
  it('reports the share sent, never past the whole, and 0 while the size is unknown', () => {
    expect(progressFraction(25, 100, true)).toBe(0.25);
    expect(progressFraction(150, 100, true)).toBe(1);
    expect(progressFraction(25, 0, false)).toBe(0);
  });

  it('reads the answer headers, so a JSON envelope is still read as JSON', () => {
    const headers = parseResponseHeaders(
      'content-type: application/json; charset=utf-8\r\nx-request-id: a:b\r\nbroken line\r\n',
    );
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('x-request-id')).toBe('a:b');
  });
});
