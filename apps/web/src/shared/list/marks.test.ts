/**
 * The own marks, hint and confirm, rendered to HTML (no DOM in the web tests; opening the confirm is
 * covered by e2e/inventory and e2e/problems-first).
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Hint } from '../layout/Hint';
import { ConfirmPop } from './ConfirmPop';
import { CountBubble, StatusDot, StatusTag, ToneText } from './marks';

const html = (element: ReactElement) => renderToStaticMarkup(element);
/** createElement with children as arguments, for props whose types require `children`. */
const h = createElement as unknown as (
  type: unknown,
  props: Record<string, unknown> | null,
  ...children: unknown[]
) => ReactElement;

describe('own marks', () => {
  it('shows a count bubble only for a count, as text over its child', () => {
    const shown = html(h(CountBubble, { count: '99+' }, createElement('button')));
    expect(shown).toMatch(/<button><\/button><sup[^>]*>99\+<\/sup>/);
    for (const count of [0, '0', '', undefined]) {
      expect(html(h(CountBubble, { count }, 'bell'))).not.toContain('<sup');
    }
  });

  it('draws tags, dots and toned text in different theme colours per status', () => {
    const colour = (markup: string) => markup.match(/color:([^;"]+)/)?.[1];
    const good = html(h(StatusTag, { color: 'success' }, 'Normal'));
    const warn = html(h(StatusTag, { color: 'warning' }, 'Moved'));
    expect(good).toContain('>Normal</span>');
    expect(colour(good)).not.toBe(colour(warn));
    const dot = html(createElement(StatusDot, { status: 'error', text: 'Offline', 'data-testid': 'd' }));
    expect(dot).toMatch(/data-testid="d".*aria-hidden="true".*>Offline<\/span>/);
    expect(colour(html(h(ToneText, { tone: 'danger' }, '3')))).toBeDefined();
    expect(html(h(ToneText, null, '3'))).toBe('<span>3</span>');
  });

  it('hides a hint until hover or focus, as a tooltip next to its button', () => {
    const markup = html(h(Hint, { title: 'Light theme' }, createElement('button')));
    expect(markup).toContain(
      '<button></button><span role="tooltip" class="sf-hint-bubble">Light theme</span>',
    );
    expect(markup).toContain('.sf-hint:focus-within>.sf-hint-bubble{opacity:1;visibility:visible}');
  });

  it('renders a closed confirm as its button announcing a dialog', () => {
    const markup = html(
      h(
        ConfirmPop,
        { title: 'Delete?', onConfirm: () => {} },
        createElement('button', { type: 'button' }, 'Delete'),
      ),
    );
    expect(markup).toMatch(
      /<button type="button" aria-expanded="false" aria-haspopup="dialog">Delete<\/button>/,
    );
    expect(markup).not.toContain('Delete?');
  });
});
