import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { webView } from './vite.endpoint-descriptors';

/** Evaluates a transformed module body whose only import is `endpoint` (given) and returns its exports. */
function run(code: string): Record<string, unknown> {
  const body = code.replace(/^import .*$/gm, '').replace(/export const /g, 'exports.');
  const exports: Record<string, unknown> = {};
  const endpoint = (definition: object) => Object.freeze({ ...definition });
  new Function('exports', 'endpoint', 'FILE_RESPONSE', 'schema', body)(exports, endpoint, 'file', () => {
    throw new Error('a schema was built');
  });
  return exports;
}

const SOURCE = `
import { endpoint, FILE_RESPONSE } from './endpoint';
export const Calls = {
  list: endpoint({
    method: 'POST', path: '/api/x/list', summary: 'List', summaryZh: '列表', module: 'x',
    permissions: ['x'], body: schema('body'), response: schema('page'),
  }),
  get: endpoint({ method: 'GET', path: '/api/x/:id', summary: 'Get', summaryZh: '详情', module: 'x',
    permissions: 'authenticated', params: schema('params'), query: schema('query'), response: schema('one') }),
  download: endpoint({ method: 'GET', path: '/api/x/export', summary: 'Export', summaryZh: '导出', module: 'x',
    permissions: 'authenticated', response: FILE_RESPONSE }),
};
`;

describe('the web view of endpoint declarations', () => {
  it('keeps what the web reads and builds no schema', () => {
    const out = webView(SOURCE, { declaresOnly: true });
    expect(out).not.toBeNull();
    const { Calls } = run(out ?? '') as { Calls: Record<string, Record<string, unknown>> };
    expect(Calls.list).toMatchObject({ method: 'POST', path: '/api/x/list', module: 'x', body: true });
    // A body is still there to test for (useListPage sends a list's filters as the body when it has one).
    expect(Calls.list?.body).toBeTruthy();
    expect(Calls.get).toMatchObject({ method: 'GET', path: '/api/x/:id', params: true, query: true });
    expect(Calls.get?.body).toBeUndefined();
    // The file marker stays: api() asks for a Blob when the response is 'file'.
    expect(Calls.download?.response).toBe('file');
    expect(Calls.list?.response).not.toBe('file');
  });

  it('replaces a schema written in shorthand', () => {
    const out = webView(
      "const body = schema('b');\nexport const E = endpoint({ method: 'POST', path: '/p', body, response: schema('r') });",
      { declaresOnly: false },
    );
    expect(out).toContain('body: true');
    expect(out).toContain('response: true');
  });

  it('makes a contracts module’s top-level schemas droppable, and keeps them when read', () => {
    const code =
      "export const Base = schema('base');\nexport const Extended = Base.extend({ x: schema('x') });";
    const out = webView(code, { declaresOnly: true }) ?? '';
    expect(out).toContain("Base = /* @__PURE__ */ (() => (schema('base')))()");
    expect(out).toContain('Extended = /* @__PURE__ */ (() => (Base.extend(');
    // The web's own modules are not assumed to be declarations only.
    expect(webView(code, { declaresOnly: false })).toBeNull();
  });

  it('leaves a module without endpoint declarations alone', () => {
    expect(
      webView('export const n = 1;\nexport function f() { return endpoint; }', { declaresOnly: false }),
    ).toBeNull();
  });

  it('turns every endpoint of the auth contracts into a descriptor without schemas', () => {
    const path = fileURLToPath(new URL('../../packages/contracts/src/auth-endpoints.ts', import.meta.url));
    const out = webView(readFileSync(path, 'utf8'), { declaresOnly: true }) ?? '';
    expect(out).toContain('/login');
    expect(out).not.toMatch(/body: LoginBody|response: LoginResultSchema|response: MeSchema|z\.null\(\)/);
  });
});
