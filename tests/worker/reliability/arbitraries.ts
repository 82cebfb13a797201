// Request values for the fuzz suite: well-formed ones generated from the repo's zod schemas
// (through zod's own JSON Schema export, so any schema shape zod can describe is covered), and
// hostile ones (huge, deep, wrongly typed, unicode, SQL and HTML metacharacters, extreme numbers).
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = { [key: string]: any };

/** Strings an attacker or a broken client would send. */
export const HOSTILE_STRINGS: readonly string[] = [
  '', ' ', '   \t\n', 'null', 'undefined', 'NaN', 'true', '0', '-1', '1e309',
  "' OR '1'='1", "'; DROP TABLE orders; --", '" OR 1=1 --', '1; DELETE FROM users', "%' AND 1=0 UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', 'javascript:alert(1)', '{{7*7}}', '${7*7}',
  '../../../../etc/passwd', '..\\..\\windows\\win.ini', '%00', '\u0000', 'a\u0000b', '\uD800', '\uDFFF\uD800', '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF', 'Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334\u0319', '🍸🍹🥃'.repeat(50), 'ß'.repeat(300),
  '\r\nSet-Cookie: pwned=1', 'x'.repeat(5_000), 'y'.repeat(100_000), '__proto__', 'constructor', 'prototype',
];

/** Numbers and other non-strings that break naive code. */
export const HOSTILE_SCALARS: readonly unknown[] = [
  null, true, false, 0, -0, -1, 1.5, 0.1 + 0.2, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2,
  1e308, -1e308, 5e-324, 1e21, [], {}, [[[[[]]]]], [null], { $ne: null }, { toString: 'x' },
  JSON.parse('{"__proto__":{"role":"superadmin","isAdmin":true}}'), Array.from({ length: 5_000 }, (_, i) => i),
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SCALARS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** JSON nested `depth` levels, as text (built without recursion). */
export const deepArrayJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
export const deepObjectJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
}

/** Well-formed values for a JSON Schema (as zod exports it): the shape a correct client sends. */
export function arbitraryFromJsonSchema(schema: JsonSchema, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop()!;
    const target = root.$defs?.[name] ?? root.definitions?.[name];
    return target ? arbitraryFromJsonSchema(target, root, depth + 1) : fc.constant(null);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((s: JsonSchema) => arbitraryFromJsonSchema(s, root, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    return arbitraryFromJsonSchema(Object.assign({}, ...schema.allOf), root, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : null;
  if (!type) return fc.jsonValue({ maxDepth: 2 });
  if (type.length > 1) return fc.oneof(...type.map((t: string) => arbitraryFromJsonSchema({ ...schema, type: t }, root, depth + 1)));
  switch (type[0]) {
    case 'string': return stringArbitrary(schema);
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      return fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).filter((n) => n > (schema.exclusiveMinimum ?? -Infinity)),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum !== undefined, maxExcluded: schema.exclusiveMaximum !== undefined }),
      );
    }
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      const items = schema.items && typeof schema.items === 'object' ? arbitraryFromJsonSchema(schema.items, root, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      const properties: Record<string, JsonSchema> = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) {
        const values = schema.additionalProperties && typeof schema.additionalProperties === 'object'
          ? arbitraryFromJsonSchema(schema.additionalProperties, root, depth + 1) : fc.jsonValue({ maxDepth: 1 });
        const names = schema.propertyNames ? stringArbitrary({ maxLength: 20, ...schema.propertyNames }) : fc.string({ maxLength: 20 });
        return fc.dictionary(names, values, { maxKeys: 4 });
      }
      const model = Object.fromEntries(keys.map((k) => [k, arbitraryFromJsonSchema(properties[k]!, root, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k: string) => keys.includes(k)) });
    }
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'email': return fc.emailAddress().filter(fits);
    case 'date-time': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri': case 'url': return fc.webUrl().filter(fits);
    case 'uuid': return fc.uuid();
  }
  if (schema.pattern) {
    let pattern: RegExp | null = null;
    try { pattern = new RegExp(schema.pattern); } catch { pattern = null; }
    if (pattern) {
      const matching = fc.stringMatching(pattern).filter(fits);
      return fc.oneof(matching, fc.constant('')).filter(fits);
    }
  }
  const hostileThatFit = HOSTILE_STRINGS.filter(fits);
  const plain = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }).filter(fits) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }).filter(fits) },
  );
  return hostileThatFit.length ? fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: fc.constantFrom(...hostileThatFit) }) : plain;
}

/**
 * A value from the schema, then (most of the time) broken in one place: a field replaced by a
 * hostile value, a required field dropped, an unknown field added, or the whole value replaced.
 */
export function requestValue(schema: z.ZodType): fc.Arbitrary<{ value: unknown; mutated: string | null }> {
  const valid = arbitraryFromJsonSchema(jsonSchemaOf(schema));
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((value) => ({ value, mutated: null })) },
    {
      weight: 3,
      arbitrary: fc.tuple(valid, fc.nat(), hostileValue, fc.integer({ min: 0, max: 3 })).map(([value, at, hostile, mode]) => mutate(value, at, hostile, mode)),
    },
  );
}

function mutate(value: unknown, at: number, hostile: unknown, mode: number): { value: unknown; mutated: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value) || mode === 3) return { value: hostile, mutated: 'whole value' };
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (mode === 2 || keys.length === 0) {
    copy[['__proto__x', 'is_admin', 'restaurant_id', 'role', 'price_cents', 'id'][at % 6]!] = hostile;
    return { value: copy, mutated: 'extra field' };
  }
  const key = keys[at % keys.length]!;
  if (mode === 1) { delete copy[key]; return { value: copy, mutated: `dropped ${key}` }; }
  copy[key] = hostile;
  return { value: copy, mutated: `hostile ${key}` };
}

/** Query strings carry text only: objects become JSON text, arrays repeated keys. */
export function toQueryString(value: unknown): string {
  const params = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) params.append(k, typeof one === 'string' ? one : JSON.stringify(one));
    }
  } else if (value !== undefined) {
    params.append('q', typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Path parameters: the schema's (text) values, or a hostile string. */
export function toParamValues(value: unknown, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : value;
    out[name] = typeof v === 'string' && v.length ? v.slice(0, 6_000) : String(typeof v === 'object' ? JSON.stringify(v) : v ?? 'x').slice(0, 6_000) || 'x';
  }
  return out;
}
