/**
 * The sweep's generic requests (sweep.test.ts): built from an endpoint's zod schemas with every id
 * field filled from the protected place (sweep-slots.ts) and the other required fields sampled
 * (sweep-samples.ts), and the checks that tell a refused id filler from a scope check.
 */
import type { AnyEndpoint } from '@storefleet/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';

import type { SweepRequest } from './sweep-cases';
import type { SweepPlace } from './sweep-fixtures';
import { acceptedForm, isOptional, type Part, sampleObject, shapeOf } from './sweep-samples';
import { fillers, isPlural, slotOf } from './sweep-slots';
import { envelopeOf } from './test-app';

/** As the server receives it: path and query values are text. */
function asText(values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
}

/** The id fields the endpoint's own schemas refuse in `req` (empty when the request is valid). */
export function refusedIdFields(endpoint: AnyEndpoint, req: SweepRequest): string[] {
  const refused: string[] = [];
  const parts: [Part, z.ZodType | undefined, unknown][] = [
    ['params', endpoint.params, asText(req.params)],
    ['query', endpoint.query, asText(req.query)],
    ['body', endpoint.bodyEncoding === 'multipart' ? undefined : endpoint.body, req.body ?? {}],
  ];
  for (const [part, schema, value] of parts) {
    const checked = schema?.safeParse(value);
    for (const issue of checked?.error?.issues ?? []) {
      const name = String(issue.path[0] ?? '');
      const slot = slotOf(endpoint, name, part);
      if (slot !== 'none' && slot !== 'shared') refused.push(`${part}.${name}`);
    }
  }
  return refused;
}

/** Whether the endpoint's schemas accept every part of `req`. */
function valid(endpoint: AnyEndpoint, req: SweepRequest): boolean {
  const body = endpoint.bodyEncoding === 'multipart' ? undefined : endpoint.body;
  return (
    (endpoint.params?.safeParse(asText(req.params)).success ?? true) &&
    (endpoint.query?.safeParse(asText(req.query)).success ?? true) &&
    (body?.safeParse(req.body ?? {}).success ?? true)
  );
}

/**
 * Id fields a 400 reply blames (`data.fields[].field`) when the endpoint's schema refused them: the
 * filler never reached the handler's scope check. A 400 from the handler itself (a foreign box
 * refused as "must be a box of the same store") did reach it, and counts like a 404.
 */
export function blamedIdFields(
  endpoint: AnyEndpoint,
  req: SweepRequest,
  res: LightMyRequestResponse,
): string[] {
  if (res.statusCode !== 400) return [];
  const blamed = (envelopeOf<{ fields?: { field: string }[] } | null>(res).data?.fields ?? []).map(
    (p) => p.field.replace(/\[\d+\]/g, '').split('.')[0] ?? p.field,
  );
  const refused = refusedIdFields(endpoint, req);
  return refused.filter((r) => blamed.includes(r.split('.')[1] ?? r));
}

interface Built {
  /** `fallback`: the same request with the other optional id fields set to the asker's own. */
  requests: { note: string; req: SweepRequest; fallback?: SweepRequest }[];
  problems: string[];
}

/** Distinct names so a create call never fails on a name the previous request took. */
let serial = 0;

interface IdField {
  part: Part;
  name: string;
  required: boolean;
  /** The protected place's id, in the form the field accepts. */
  foreign: unknown;
  /** The asker's own id of the same kind (undefined when it has none). */
  own: unknown;
}

/** The form of `place`'s ids for `slot` that `field` accepts, or undefined. */
function filled(field: z.ZodType, name: string, values: (string | number)[], part: Part): unknown {
  if (values.length === 0) return undefined;
  const asList = () => acceptedForm(field, [values, values.map(String)], part);
  const asOne = () => acceptedForm(field, values, part);
  // A name can mislead: the spec's alert sender sends `shopId` as a list. The other form is tried next.
  return isPlural(name) ? (asList() ?? asOne()) : (asOne() ?? asList());
}

/**
 * The requests that sweep `endpoint` for an asker reaching for `place` from `home`: one with every
 * id field naming the protected place, then (when there are several id fields) one per id field naming it alone, the other
 * required id fields naming the asker's own objects and the optional ones left out, so a check on one
 * field cannot hide a missing check on another. Problems: id-like fields with no slot, fillers
 * validation refuses, requests the sample builder cannot make valid.
 */
export function buildRequests(endpoint: AnyEndpoint, place: SweepPlace, home: SweepPlace): Built {
  const problems: string[] = [];
  const parts: [Part, z.ZodType | undefined][] = [
    ['params', endpoint.params],
    ['query', endpoint.query],
    ['body', endpoint.bodyEncoding === 'multipart' ? undefined : endpoint.body],
  ];
  const base: Record<Part, Record<string, unknown>> = { params: {}, query: {}, body: {} };
  const ids: IdField[] = [];
  for (const [part, schema] of parts) {
    const shape = shapeOf(schema);
    if (schema && !shape) problems.push(`${part}: the sample builder reads object schemas only`);
    base[part] = sampleObject(schema, part);
    for (const [name, field] of Object.entries(shape ?? {})) {
      const slot = slotOf(endpoint, name, part);
      if (slot === undefined) {
        problems.push(`${part}.${name} looks like an id but has no slot in sweep-slots.ts`);
        continue;
      }
      if (slot === 'none' || slot === 'shared') {
        if (part === 'body' && base.body[name] === 'sweep') {
          const unique = acceptedForm(field, [`sweep${++serial}`], part);
          if (unique !== undefined) base.body[name] = unique;
        }
        continue;
      }
      const values = fillers(slot, place, name);
      const foreign = filled(field, name, values, part);
      if (values.length === 0) problems.push(`${part}.${name}: the fixtures hold no ${slot} to fill it with`);
      else if (foreign === undefined)
        problems.push(`${part}.${name}: validation refuses every ${slot} filler (${values.join(', ')})`);
      else {
        const own = filled(field, name, fillers(slot, home, name), part);
        ids.push({ part, name, required: !isOptional(field), foreign, own });
      }
    }
  }
  const compose = (value: (id: IdField) => unknown): SweepRequest => {
    const of = (part: Part) => {
      const out = { ...base[part] };
      for (const [k, v] of Object.entries(out))
        if (typeof v === 'string' && /^sweep\d+$/.test(v)) out[k] = `sweep${++serial}`;
      for (const id of ids) {
        const v = id.part === part ? value(id) : undefined;
        if (v !== undefined) out[id.name] = v;
      }
      return out;
    };
    const hasBody = endpoint.method !== 'GET' && endpoint.body && endpoint.bodyEncoding !== 'multipart';
    return {
      params: of('params') as Record<string, string | number>,
      query: of('query') as Record<string, string | number>,
      ...(hasBody ? { body: of('body') } : {}),
    };
  };
  const requests: Built['requests'] = [{ note: 'every id field', req: compose((id) => id.foreign) }];
  const ownOr = (id: IdField) => (id.own !== undefined ? id.own : id.foreign);
  if (ids.length > 1)
    for (const alone of ids) {
      // The other optional id fields left out, or (when the schema needs them together) the asker's own.
      const lean = compose((id) => (id === alone ? id.foreign : id.required ? ownOr(id) : undefined));
      const full = compose((id) => (id === alone ? id.foreign : ownOr(id)));
      const leanValid = refusedIdFields(endpoint, lean).length === 0 && valid(endpoint, lean);
      requests.push({
        note: `${alone.part}.${alone.name} alone`,
        req: leanValid ? lean : full,
        ...(leanValid ? { fallback: full } : {}),
      });
    }
  for (const { note, req } of requests) {
    for (const [part, schema] of parts) {
      if (!schema) continue;
      const value = part === 'body' ? req.body : req[part];
      const checked = schema.safeParse(value ?? {});
      if (!checked.success)
        problems.push(
          `${note}: the built ${part} fails validation (${checked.error.issues
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('; ')})`,
        );
    }
  }
  return { requests, problems };
}
