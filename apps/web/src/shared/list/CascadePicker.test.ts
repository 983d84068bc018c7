/**
 * What the own pickers show before they are opened, rendered to HTML (no DOM in the web tests; opening,
 * keys and clicks are covered by cascade-logic.test.ts and the browser tests in e2e/stores, e2e/alerts).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { CascadePicker } from './CascadePicker';
import type { CascadeOption } from './cascade-logic';
import { NativeSelect } from './NativeSelect';

const OPTIONS: CascadeOption[] = [
  { value: '1', label: 'North', children: [{ value: '11', label: 'Hebei <x>' }] },
  { value: '2', label: 'East' },
];

describe('CascadePicker', () => {
  it('is a labelled, focusable combobox showing the chosen path by its labels', () => {
    const html = renderToStaticMarkup(
      createElement(CascadePicker, {
        options: OPTIONS,
        value: ['1', '11'],
        id: 'region',
        'data-testid': 'r',
      }),
    );
    expect(html).toMatch(
      /<div id="region" role="combobox" tabindex="0" aria-expanded="false" aria-haspopup="listbox"/,
    );
    expect(html).toContain('class="sf-pk-value ant-select-selection-item" title="North / Hebei &lt;x&gt;"');
    expect(html).toMatch(/<button type="button" class="sf-pk-clear" aria-label="[^"]+"/);
    expect(html).not.toContain('role="listbox"');
  });

  it('shows the placeholder and no clear button without a value, and cannot be focused when disabled', () => {
    const html = renderToStaticMarkup(
      createElement(CascadePicker, { options: OPTIONS, placeholder: 'Pick one', disabled: true }),
    );
    expect(html).toContain('<span class="sf-pk-value sf-pk-placeholder">Pick one</span>');
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toContain('class="sf-pk-clear"');
  });

  it('shows each checked branch of a multiple choice by its last label', () => {
    const html = renderToStaticMarkup(
      createElement(CascadePicker, { multiple: true, options: OPTIONS, value: [['1', '11'], ['2']] }),
    );
    expect(html).toContain('title="Hebei &lt;x&gt;, East"');
  });
});

describe('NativeSelect', () => {
  it('is a native select with the placeholder first, choosable to clear, and the chosen option selected', () => {
    const html = renderToStaticMarkup(
      createElement(NativeSelect, {
        id: 'status',
        placeholder: 'Any',
        value: '1',
        options: [
          { value: '0', label: 'Normal' },
          { value: '1', label: 'Moved' },
        ],
      }),
    );
    expect(html).toMatch(/<select id="status" class="sf-pk-select"/);
    expect(html).toMatch(
      /<option value="">Any<\/option><option value="0">Normal<\/option><option value="1" selected="">Moved<\/option>/,
    );
  });

  it('draws the placeholder in placeholder colour when nothing is chosen, and keeps an unknown value visible', () => {
    const empty = renderToStaticMarkup(
      createElement(NativeSelect, { options: [{ value: 1, label: 'One' }] }),
    );
    expect(empty).toContain('class="sf-pk-select sf-pk-placeholder"');
    const unknown = renderToStaticMarkup(
      createElement(NativeSelect, {
        value: 'gone',
        allowClear: false,
        options: [{ value: 1, label: 'One' }],
      }),
    );
    expect(unknown).toContain('<option value="" disabled="">');
    expect(unknown).toContain('<option value="gone" selected="">gone</option>');
  });
});
