/**
 * The web build's endpoint descriptors (issue 9 item 12): in `packages/contracts`, every
 * `endpoint({ … })` call carries the zod schemas of what is sent and what comes back, which the
 * server validates with and the web only needs as types. At run time the web reads an endpoint's
 * method, path, module, body encoding, whether it has a body (`useListPage`) and whether it answers
 * with a file (`api`). So, for the web build only, this plugin replaces each schema an `endpoint()`
 * call holds (`params`, `query`, `body`, `response`) with `true`; a `response` written as a marker
 * (`FILE_RESPONSE`, `EVENT_STREAM_RESPONSE` or a string) stays as written. The schemas then have no
 * reader left in the web and tree-shaking drops them, and zod with them, wherever no page parses
 * with a schema itself (those pages import the schema, and zod, directly).
 *
 * The contracts source is not changed: an endpoint is still written once, in the current style, and
 * the server, the OpenAPI document and the tests see the full object. Types are not affected (the
 * TypeScript compiler never runs this), so the web's calls stay typed by the schemas.
 */
import { type Plugin, parseAst } from 'vite';

/** The members of an endpoint definition that hold schemas (endpoint.ts `EndpointDefinition`). */
const SCHEMA_MEMBERS = new Set(['params', 'query', 'body', 'response']);
/** A `response` written as one of these names is a marker the web reads (endpoint.ts). */
const RESPONSE_MARKER = /^[A-Z][A-Z0-9_]*_RESPONSE$/;
/** What stands in for a schema: present, truthy, and not a marker. */
const STAND_IN = 'true';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
}

function memberName(key: Node): string | null {
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/** Whether a `response` value is a marker the web compares against rather than a schema. */
function isMarker(value: Node): boolean {
  if (value.type === 'Literal') return typeof value.value === 'string';
  return value.type === 'Identifier' && RESPONSE_MARKER.test(value.name as string);
}

type Edit = { start: number; end: number; text: string };

/** The edits that replace the schema members of every `endpoint({ … })` call by `true`. */
function schemaEdits(program: Node): Edit[] {
  const edits: Edit[] = [];
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node;
    const [definition] = node.arguments as Node[];
    if (callee.type !== 'Identifier' || callee.name !== 'endpoint' || definition?.type !== 'ObjectExpression')
      continue;
    for (const property of definition.properties as Node[]) {
      if (property.type !== 'Property' || property.computed) continue;
      const name = memberName(property.key as Node);
      const value = property.value as Node;
      if (!name || !SCHEMA_MEMBERS.has(name)) continue;
      if (name === 'response' && isMarker(value)) continue;
      edits.push(
        property.shorthand
          ? { start: property.start, end: property.end, text: `${name}: ${STAND_IN}` }
          : { start: value.start, end: value.end, text: STAND_IN },
      );
    }
  }
  return edits;
}

/**
 * The edits that make each top-level `const x = f(…)` pure, so a schema built by a method of another
 * schema (`intFromQuery.pipe(…)`, `PageQuery.extend(…)`) is dropped when nothing reads it, as those
 * built by `z.…` are (vite.config.ts `manualPureFunctions`). True of contracts modules: they only
 * declare (the same premise as the `moduleSideEffects` rule in vite.config.ts).
 */
function pureEdits(program: Node): Edit[] {
  const edits: Edit[] = [];
  for (let statement of program.body as Node[]) {
    if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration))
      statement = statement.declaration;
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as Node[]) {
      const init = declarator.init;
      // The whole initializer goes into a pure arrow called at once: a mark on the call alone would
      // still keep its arguments (`PageQuery.extend({ startTime: optionalFilter(…) })`).
      if (isNode(init) && (init.type === 'CallExpression' || init.type === 'NewExpression')) {
        edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
        edits.push({ start: init.end, end: init.end, text: '))()' });
      }
    }
  }
  return edits;
}

/**
 * The web's view of one module (`code`, TypeScript or JavaScript): the schema members of every
 * `endpoint({ … })` call replaced by `true`, and, for a contracts module (`declaresOnly`), its
 * top-level declarations made pure; `null` when nothing changes.
 */
export function webView(code: string, { declaresOnly }: { declaresOnly: boolean }): string | null {
  if (!declaresOnly && !code.includes('endpoint(')) return null;
  const program = parseAst(code, { lang: 'ts' }) as unknown as Node;
  const edits = [...schemaEdits(program), ...(declaresOnly ? pureEdits(program) : [])];
  if (edits.length === 0) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** The contracts package's sources, where endpoints are declared. */
const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^?]*\.ts$/;
/** The web's own sources, some of which derive an endpoint (`shared/org/store-list.ts`). */
const WEB_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/][^?]*\.tsx?$/;

/**
 * The Vite plugin: applies `webView` to the contracts package's modules and to the web's own modules
 * (tests excluded: vitest does not use this configuration, and tests see the full objects anyway).
 */
export function endpointDescriptors(): Plugin {
  return {
    name: 'storefleet-endpoint-descriptors',
    enforce: 'pre',
    transform(code, id) {
      if (/\.test\.tsx?$/.test(id)) return null;
      const declaresOnly = CONTRACTS_SOURCE.test(id);
      if (!declaresOnly && !WEB_SOURCE.test(id)) return null;
      const web = webView(code, { declaresOnly });
      return web === null ? null : { code: web, map: null };
    },
  };
}
