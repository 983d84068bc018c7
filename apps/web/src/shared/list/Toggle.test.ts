/**
 * The own toggle (the device list's enable switch), rendered to HTML (no DOM in the web tests; flipping
 * it and the confirm it opens are covered by e2e/problems-first).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Toggle } from './Toggle';

const html = (props: Partial<Parameters<typeof Toggle>[0]>) =>
  renderToStaticMarkup(
    createElement(Toggle, {
      checked: false,
      onChange: () => undefined,
      checkedChildren: 'on',
      unCheckedChildren: 'off',
      ...props,
    }),
  );

describe('Toggle', () => {
  it('is a switch button that says its state and shows the matching text', () => {
    const on = html({ checked: true, 'data-testid': 't' });
    expect(on).toMatch(/^<button type="button" role="switch" aria-checked="true"/);
    expect(on).toContain('data-testid="t"');
    expect(on).toContain('>on<');
    expect(on).not.toContain('>off<');
    const off = html({ checked: false });
    expect(off).toContain('aria-checked="false"');
    expect(off).toContain('>off<');
  });

  it('cannot be flipped while read-only or busy, and says it is busy', () => {
    expect(html({})).not.toContain('disabled');
    expect(html({ disabled: true })).toContain('disabled=""');
    const busy = html({ loading: true });
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('aria-busy="true"');
    expect(html({})).not.toContain('aria-busy');
  });
});
