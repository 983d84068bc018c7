import { describe, expect, it } from 'vitest';

import { logoFileProblem, logoSubmitState } from './logo-submit';

const done = (url: string) => ({
  status: 'done' as const,
  response: { url, name: 'x.png', contentType: 'image/png', size: 1, width: 1, height: 1 },
});

describe('the logo form submit rule', () => {
  it('asks to wait when nothing was uploaded', () => {
    expect(logoSubmitState([])).toEqual({ kind: 'pending' });
  });

  it('asks to wait while an image is still uploading or has no URL yet', () => {
    expect(logoSubmitState([{ status: 'uploading' }])).toEqual({ kind: 'pending' });
    expect(logoSubmitState([{ status: 'done' }])).toEqual({ kind: 'pending' });
    expect(logoSubmitState([{ status: 'error' }])).toEqual({ kind: 'pending' });
  });

  it('submits the URL of a finished upload', () => {
    expect(logoSubmitState([done('/api/user-service/log/file/a.png')])).toEqual({
      kind: 'ready',
      imgUrl: '/api/user-service/log/file/a.png',
    });
  });
});

describe('the logo file pre-check', () => {
  it('refuses an SVG and a file over 2 MiB before uploading', () => {
    expect(logoFileProblem({ type: 'image/svg+xml', name: 'logo.svg', size: 10 })).toBe('wrongType');
    expect(logoFileProblem({ type: 'image/png', name: 'logo.png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'tooLarge',
    );
    expect(logoFileProblem({ type: '', name: 'logo.webp', size: 100 })).toBeNull();
  });
});
