/**
 * The OpenAPI 3.1 document, generated from the zod schemas every route declares with defineRoute.
 * Served at /api/openapi.json; /api/docs browses it with Swagger UI.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { EVENT_STREAM_RESPONSE, FILE_RESPONSE } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { admitOperator } from './operator-access';
import type { ApiRoute } from './route';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
  [key: string]: unknown;
}

/** JSON Schema for what a client sends (`io: 'input'`); transforms and refinements are left open. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  try {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    return rest;
  } catch {
    return {};
  }
}

const envelopeOf = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['code', 'data', 'message', 'ok'],
  properties: { code: { type: 'string' }, data, message: { type: 'string' }, ok: { type: 'boolean' } },
});

const failureReply = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
});

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const json = toJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBodyOf(route: ApiRoute, body: JsonSchema | undefined) {
  if (route.bodyEncoding === 'multipart') {
    const fields = (body?.properties ?? {}) as Record<string, JsonSchema>;
    const schema = { type: 'object', properties: { ...fields, file: { type: 'string', format: 'binary' } } };
    return { requestBody: { content: { 'multipart/form-data': { schema } } } };
  }
  if (!body) return undefined;
  return {
    requestBody: {
      content: {
        'application/json': { schema: body },
        'application/x-www-form-urlencoded': { schema: body },
      },
    },
  };
}

function successReply(route: ApiRoute) {
  if (route.response === FILE_RESPONSE) {
    return {
      description: 'The file',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (route.response === EVENT_STREAM_RESPONSE) {
    return {
      description: 'Server-sent events',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    };
  }
  return {
    description: 'Success (body code "200")',
    content: { 'application/json': { schema: envelopeOf(toJsonSchema(route.response, 'output')) } },
  };
}

function operationOf(route: ApiRoute): Record<string, unknown> {
  const permissions = route.permissions;
  const isPublic = permissions === 'public';
  const body = route.body ? toJsonSchema(route.body) : undefined;
  return {
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.module],
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
    'x-permissions': permissions,
    ...(isPublic ? { security: [] } : {}),
    parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
    ...(requestBodyOf(route, body) ?? {}),
    responses: {
      200: successReply(route),
      400: failureReply('The request is not valid; the message names the field and the rule'),
      ...(isPublic
        ? {}
        : { 401: failureReply('Not signed in'), 403: failureReply('Missing a permission code') }),
      500: failureReply('Unexpected failure'),
    },
  };
}

/** Builds the document for every route declared so far. */
export function buildOpenApiDocument(routes: readonly ApiRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefleet API',
      version: '0.1.0',
      description:
        'Every reply is the envelope { code, data, message, ok }; code is "200" on success. ' +
        'Sign in with POST /api/user-service/auth/login and send the accessToken as a bearer token.',
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Failure: envelopeOf({}) },
    },
    security: [{ bearer: [] }],
  };
}

/** Serves /api/openapi.json and the Swagger UI page at /api/docs. Register after every module. */
/** The documentation's paths, every one behind the same access rule (operator-access.ts). */
function isDocsPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api/openapi.json' || path === '/api/docs' || path.startsWith('/api/docs/');
}

export async function installOpenApi(app: FastifyInstance, docsToken: string | undefined): Promise<void> {
  const access = {
    variable: 'DOCS_TOKEN',
    token: docsToken,
    host: app.ctx.config.host,
    what: { zh: 'API 文档', en: 'The API documentation' },
  } as const;
  app.addHook('onRequest', async (request, reply) => {
    if (isDocsPath(request.url) && !admitOperator(access, request, reply)) return reply;
  });
  // Routes keep being declared until the app is ready, so the document is filled in then.
  const document: OpenApiDocument = buildOpenApiDocument([]);
  app.addHook('onReady', async () => {
    Object.assign(document, buildOpenApiDocument(app.apiRoutes));
  });
  await app.register(fastifySwagger, { mode: 'static', specification: { document } });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { operationLog: false } }, async () => document);
}
