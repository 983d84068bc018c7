import { describe, expect, it } from 'vitest';

import { fromHere, returnPathOf } from './return-to';

describe('returning to the list a form came from', () => {
  it('returns to the list page with its filters and page', () => {
    const state = fromHere({ pathname: '/device/index.html', search: '?onlineStatus=0&pageNum=3' });
    expect(returnPathOf(state, '/device/index.html')).toBe('/device/index.html?onlineStatus=0&pageNum=3');
  });

  it('falls back to the form’s own list when opened directly', () => {
    expect(returnPathOf(null, '/stores/index.html')).toBe('/stores/index.html');
    expect(returnPathOf({}, '/stores/index.html')).toBe('/stores/index.html');
  });

  it('never leaves the console for a crafted state', () => {
    for (const from of ['https://evil.example/x', '//evil.example', '/\\evil', 'javascript:alert(1)', 42]) {
      expect(returnPathOf({ from }, '/stores/index.html')).toBe('/stores/index.html');
    }
  });
});
