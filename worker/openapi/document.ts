import type { Hono } from 'hono';
import { generateSpecs, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { ApiErrorBody } from '../../shared/schemas/common';
import { DEFAULT_MAX_BODY_BYTES, writeLimitFor } from '../lib/write-limits';
import { SECURITY_SCHEMES } from './describe';
import { ANSWERS, OPERATIONS, type AnswerName, type Operation } from './operations';

/** The parts of OpenAPI 3.1's objects this file reads and writes. */
type Requirement = Record<string, string[]>;
type SchemaObject = Record<string, unknown>;
type ResponseObject = { description: string; content?: Record<string, { schema?: SchemaObject }> } | typeof ERROR;
type OperationObject = {
  summary?: string; tags?: string[]; parameters?: unknown[]; requestBody?: unknown; security?: Requirement[];
  responses?: Record<string, ResponseObject>; [key: string]: unknown;
};
type PathItem = Partial<Record<(typeof METHODS)[number], OperationObject>>;
export type OpenApiDocument = {
  openapi: string; info: { title: string; version: string; description?: string }; servers?: { url: string }[];
  tags: { name: string }[]; paths: Record<string, PathItem>;
  components: { schemas: Record<string, SchemaObject>; securitySchemes: typeof SECURITY_SCHEMES; responses: Record<string, ResponseObject> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const ERROR = { $ref: '#/components/responses/Error' } as const;

/** A Hono path as OpenAPI writes it: `:id` and `:key{.+}` become `{id}`, `{key}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

/** The operation's key in worker/openapi/operations.ts: method and OpenAPI path. */
export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * The resource a path belongs to, its tag: the first segment under /api, and the second under the back office's and
 * the AI's areas (admin, staff, super, ai, auth), e.g. `admin/menu-drinks`.
 */
export function resourceOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'api') return segments[0]!;
  const [area, resource] = segments.slice(1);
  const grouped = ['admin', 'staff', 'super', 'ai', 'auth', 'dev'].includes(area!) && resource && !resource.startsWith('{');
  return grouped ? `${area}/${resource.replace(/\.\w+$/, '')}` : area!;
}

/**
 * The API's OpenAPI 3.1 document, read from the app itself (docs/decisions/252): every route `app.routes` lists, its
 * request parts from the zod schemas its validators use (worker/lib/validate.ts), its security from the guards it
 * passes (worker/auth/middleware.ts), and its summary and success answer from worker/openapi/operations.ts.
 */
export async function openApiDocument(app: Hono<never>): Promise<OpenApiDocument> {
  const generated = await generateSpecs(app, {
    includeEmptyPaths: true,
    excludeStaticFile: false,
    excludeMethods: ['OPTIONS', 'HEAD'],
    defaultValidationErrorResponse: false,
    documentation: {
      info: {
        title: 'Barhop API',
        version: '1',
        description: 'JSON over HTTPS under `/api`, and pictures under `/images`. Conventions (auth, errors, idempotency, limits): docs/api.md.',
      },
      servers: [{ url: '/' }],
    },
  }) as unknown as Omit<OpenApiDocument, 'components'> & { components?: { schemas?: Record<string, SchemaObject> } };
  const schemas: Record<string, SchemaObject> = { ...generated.components?.schemas };
  schemas.ApiError = await openApiSchemaOf(ApiErrorBody, 'output', schemas);

  const paths: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(generated.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const described = OPERATIONS[operationKey(method, path)];
      (paths[path] ??= {})[method] = await completeOperation(operation, method, path, described, schemas);
    }
  }
  const tags = [...new Set(Object.values(paths).flatMap((item) => METHODS.flatMap((m) => item?.[m]?.tags ?? [])))].sort();
  return {
    ...generated,
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      ...generated.components,
      schemas,
      securitySchemes: SECURITY_SCHEMES,
      responses: {
        Error: {
          description: 'An error in the shape every failure has (docs/api.md): `error.code`, `error.message`, `error.details`.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        },
      },
    },
  };
}

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** The operation's write limit and body cap (docs/api.md "Write limits"), from worker/lib/write-limits.ts. */
export type WriteLimitExtension = {
  limit: 'budget' | 'own' | { name: string; limit: number; window_seconds: number };
  body_cap_bytes: number | 'own';
};

function writeLimitOf(method: string, path: string): WriteLimitExtension | undefined {
  if (!WRITE_METHODS.has(method) || !path.startsWith('/api/')) return undefined;
  const entry = writeLimitFor(method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x'));
  const limit = entry?.limit;
  return {
    limit: limit === 'own' ? 'own' : limit ? { name: limit.name, limit: limit.limit, window_seconds: limit.windowSeconds } : 'budget',
    body_cap_bytes: entry?.maxBytes ?? DEFAULT_MAX_BODY_BYTES,
  };
}

async function completeOperation(
  operation: OperationObject, method: string, path: string, described: Operation | undefined,
  schemas: Record<string, SchemaObject>,
): Promise<OperationObject> {
  const writeLimit = writeLimitOf(method, path);
  const guarded = mergeRequirements((operation.security ?? []) as Requirement[]);
  const security = guarded.length > 0 ? guarded : [...described?.security ?? []];
  const status = String(described?.status ?? 200);
  const success: ResponseObject & { content?: unknown } = { description: described?.answerDescription ?? 'Success' };
  if (described?.answer) {
    success.content = { 'application/json': { schema: { $ref: `#/components/schemas/${await componentFor(described.answer, schemas)}` } } };
  } else if (described?.media) {
    success.content = { [described.media]: {} };
  }
  const responses: Record<string, ResponseObject> = { [status]: success };
  for (const [other, name] of Object.entries(described?.alternatives ?? {})) {
    responses[other] = { description: 'Success', content: { 'application/json': { schema: { $ref: `#/components/schemas/${await componentFor(name, schemas)}` } } } };
  }
  if (operation.parameters?.length || operation.requestBody) responses['400'] = ERROR;
  if (security.some((requirement) => Object.keys(requirement).length > 0)) responses['401'] = ERROR;
  if (security.some((requirement) => Object.values(requirement).some((roles) => roles.length > 0))) responses['403'] = ERROR;
  if (writeLimit) {
    responses['413'] = ERROR;
    responses['429'] = ERROR;
  }
  responses.default = ERROR;
  const { responses: _generated, security: _guards, ...rest } = operation;
  return {
    ...rest,
    summary: described?.summary,
    tags: [resourceOf(path)],
    security,
    responses,
    ...(writeLimit ? { 'x-write-limit': writeLimit } : {}),
  };
}

/**
 * The guards a route passes, as one requirement per scheme: two guards of one scheme (a sub-app's and the route's own)
 * both apply, so their roles intersect.
 */
function mergeRequirements(requirements: Requirement[]): Requirement[] {
  const byScheme = new Map<string, string[]>();
  for (const requirement of requirements) {
    for (const [scheme, roles] of Object.entries(requirement)) {
      const known = byScheme.get(scheme);
      byScheme.set(scheme, !known || known.length === 0 ? roles : roles.length === 0 ? known : known.filter((role) => roles.includes(role)));
    }
  }
  return [...byScheme].map(([scheme, roles]) => ({ [scheme]: roles }));
}

/** A shared answer schema as a named component, written once however many routes answer it. */
async function componentFor(name: AnswerName, schemas: Record<string, SchemaObject>) {
  schemas[name] ??= await openApiSchemaOf(ANSWERS[name], 'output', schemas);
  return name;
}

async function openApiSchemaOf(zodSchema: z.ZodType, io: 'input' | 'output', schemas: Record<string, SchemaObject>): Promise<SchemaObject> {
  const { schema, components } = await resolver(zodSchema, { options: { io } }).toOpenAPISchema();
  const converted = schema as SchemaObject;
  const defs = (converted as { $defs?: Record<string, SchemaObject> }).$defs;
  if (defs) {
    Object.assign(schemas, defs);
    delete (converted as { $defs?: unknown }).$defs;
  }
  Object.assign(schemas, components?.schemas);
  return converted;
}

