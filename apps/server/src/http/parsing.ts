/**
 * How requests are read (spec §7): query strings and form-encoded bodies through qs with dotted
 * notation and at most 1000 items per array (beyond → 400); JSON bodies with prototype-poisoning
 * protection; an empty JSON body counts as no body; a JSON body nested deeper than MAX_JSON_DEPTH is
 * refused (400) before it is parsed, so nothing after (the NUL check, zod) recurses into a 400,000-level
 * array and overflows the stack (a 500; review 20fface, problem 10). No text may hold a NUL character:
 * PostgreSQL cannot store one, so it is refused up front for every call.
 */
import type { Label } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';

import { invalid } from './errors';
import { fieldPath } from './validation';

export const MAX_ARRAY_ITEMS = 1000;
/**
 * The deepest nesting of arrays and objects a JSON body may have. No call's body comes near it (the
 * deepest are about 4 levels); findNul looks exactly this deep.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether `text` (JSON) opens more than `limit` arrays or objects inside each other; strings skipped. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const QS_OPTIONS: qs.IParseOptions = {
  allowDots: true,
  arrayLimit: MAX_ARRAY_ITEMS,
  // Room for a full 1000-item array plus the other filters of a list call.
  parameterLimit: 2 * MAX_ARRAY_ITEMS,
  throwOnLimitExceeded: true,
};

/** Marks a query string qs refused; the router cannot throw, so the onRequest hook reports it. */
const QUERY_PROBLEM = Symbol('query problem');

function limitMessage(error: unknown): Label {
  const text = error instanceof Error ? error.message : '';
  if (/parameter limit/i.test(text)) {
    return {
      zh: `最多 ${2 * MAX_ARRAY_ITEMS} 个参数`,
      en: `must have at most ${2 * MAX_ARRAY_ITEMS} parameters`,
    };
  }
  if (/array limit/i.test(text)) {
    return {
      zh: `数组最多 ${MAX_ARRAY_ITEMS} 个值`,
      en: `arrays must hold at most ${MAX_ARRAY_ITEMS} values`,
    };
  }
  return { zh: '无法读取', en: 'could not be read' };
}

/** The query-string parser handed to Fastify's router. */
export function parseQueryString(text: string): Record<string | symbol, unknown> {
  try {
    return qs.parse(text, QS_OPTIONS);
  } catch (error) {
    return { [QUERY_PROBLEM]: limitMessage(error) };
  }
}

/** The path of the first string inside `value` that holds a NUL character. */
export function findNul(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > MAX_JSON_DEPTH || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(inner, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Installs the body parsers and the hooks that refuse unreadable query strings and NUL characters. */
export function installParsing(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = (request.query as Record<symbol, unknown> | undefined)?.[QUERY_PROBLEM];
    if (problem) throw invalid('query', problem as Label);
  });

  app.addHook('preValidation', async (request) => {
    for (const [location, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path)
        throw invalid(fieldPath(path, location), {
          zh: '不能包含 NUL 字符',
          en: 'must not contain the NUL character',
        });
    }
  });

  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        invalid('body', {
          zh: `JSON 嵌套最多 ${MAX_JSON_DEPTH} 层`,
          en: `JSON must nest at most ${MAX_JSON_DEPTH} levels deep`,
        }),
        undefined,
      );
      return;
    }
    void json(request, text, done);
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, qs.parse(String(body), QS_OPTIONS));
      } catch (error) {
        done(invalid('body', limitMessage(error)), undefined);
      }
    },
  );
}
