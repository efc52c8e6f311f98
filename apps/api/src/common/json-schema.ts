type Json = Record<string, unknown>;

/**
 * An OpenAPI 3.0 schema as JSON Schema: `nullable: true` becomes "or null" (an `anyOf` with
 * `{ type: 'null' }`, so an enum or a `$ref` that allows null stays exact), `example`s are
 * dropped, and local `$ref`s (`#/components/schemas/X`) are prefixed with `refBase` (the id of
 * the document they resolve in; '' keeps them as they are).
 */
export function toJsonSchema(schema: unknown, refBase = ''): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, refBase));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out[k] = `${refBase}${v}`;
    else if (k === 'example' || k === 'examples' || k === 'nullable') continue;
    else if ((k === 'properties' || k === 'schemas') && v && typeof v === 'object') out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, toJsonSchema(s, refBase)]));
    else out[k] = toJsonSchema(v, refBase);
  }
  return (schema as Json).nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}
