/**
 * How requests are read (spec §7): query strings and form-encoded bodies through qs with dotted
 * notation and at most 1000 items per array (beyond → 400); JSON bodies with prototype-poisoning
 * protection; an empty JSON body counts as no body. No text may hold a NUL character: PostgreSQL
 * cannot store one, so it is refused up front for every call.
 */
import type { Label } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';

import { invalid } from './errors';
import { fieldPath } from './validation';

export const MAX_ARRAY_ITEMS = 1000;

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
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
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
    json(request, text, done);
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
