/*
 * Issue 47: every operation of the OpenAPI document shows an example answer. They are made from
 * the documented schemas themselves (a schema's own `examples` first, then its const, enum,
 * format, bounds and type), so an example cannot drift from its schema: a field renamed in the
 * schema is renamed in its example. A rest-docs.ts entry that wants a telling value gives its
 * field `.meta({ examples: [...] })`.
 */

type Json = Record<string, unknown>;

/** Values for strings by their format; other strings by their name (see byName) or 'text'. */
const BY_FORMAT: Record<string, string> = {
  'date-time': '2026-11-29T09:30:00.000Z',
  date: '2026-12-04',
  email: 'amara@club.example',
  uri: 'https://club.example/',
  binary: '',
};

/** A few field names whose values say more than 'text' (a string schema without examples). */
function byName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  if (name === 'email' || name.endsWith('_email')) return 'amara@club.example';
  if (name === 'name' || name.endsWith('_name')) return 'Amara Okafor';
  if (name === 'url' || name.endsWith('_url')) return '/images/1';
  if (name === 'title' || name === 'subject') return 'Tea Ceremony';
  if (name === 'slug') return 'tea-ceremony';
  if (name === 'color') return '#d3d3d3';
  if (name === 'time_zone') return 'Europe/London';
  if (name.endsWith('_time')) return '16:00';
  if (name === 'cursor') return 'WzQyXQ';
  return undefined;
}

const MAX_DEPTH = 8;

/**
 * An example value of `schema` (JSON Schema, draft 2020-12, as the document writes it), following
 * $refs into `components` (a schema met again inside itself ends the walk with null).
 */
export function exampleOf(schema: unknown, components: Json, name?: string, depth = 0, seen: ReadonlySet<string> = new Set()): unknown {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return null;
  const s = schema as Json;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ('example' in s) return s.example;
  if ('const' in s) return s.const;
  if ('default' in s && s.default !== undefined) return s.default;
  if (typeof s.$ref === 'string') {
    const id = s.$ref.replace('#/components/schemas/', '');
    if (seen.has(id)) return null;
    return exampleOf(components[id], components, name, depth + 1, new Set([...seen, id]));
  }
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((p) => exampleOf(p, components, name, depth + 1, seen));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : (parts[0] ?? null);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length) {
      // The first option that is not null: an example shows the value, not its absence.
      const chosen = options.find((o) => (o as Json)?.type !== 'null') ?? options[0];
      return exampleOf(chosen, components, name, depth + 1, seen);
    }
  }
  const type = (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type) ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const out: Json = {};
      for (const [k, v] of Object.entries((s.properties ?? {}) as Json)) out[k] = exampleOf(v, components, k, depth + 1, seen);
      // A record (z.record over an enum): its required keys, each with a value of additionalProperties.
      const keys = Array.isArray(s.required) ? (s.required as string[]) : [];
      for (const k of keys) if (!(k in out)) out[k] = exampleOf(s.additionalProperties, components, k, depth + 1, seen);
      return out;
    }
    case 'array': {
      const item = exampleOf(s.items, components, name, depth + 1, seen);
      return item === null ? [] : [item];
    }
    case 'integer':
    case 'number': {
      // Within the bounds (zod's int() writes the safe-integer range as bounds).
      const value = name === 'id' || name?.endsWith('_id') ? 42 : 1;
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -Infinity;
      const max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : Infinity;
      return Math.min(Math.max(value, min), max);
    }
    case 'boolean':
      return true;
    case 'string': {
      const text = (typeof s.format === 'string' ? BY_FORMAT[s.format] : undefined) ?? byName(name) ?? 'text';
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      return text.length >= min ? text : text.padEnd(min, 'x');
    }
    case 'null':
      return null;
    default:
      return null;
  }
}

/**
 * Gives every JSON answer of the document's operations an `example` made from its schema (once
 * components are complete), unless its description already wrote one.
 */
export function addExamples(paths: Record<string, Json>, components: Json): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item) as Json[]) {
      for (const response of Object.values((operation.responses ?? {}) as Record<string, Json>)) {
        for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          if ('example' in media || 'examples' in media) continue;
          if (mediaType === 'application/json' && media.schema) media.example = exampleOf(media.schema, components);
          else if (mediaType.startsWith('text/') && !mediaType.startsWith('text/html')) media.example = TEXT_EXAMPLES[mediaType] ?? 'text';
        }
      }
    }
  }
}

const TEXT_EXAMPLES: Record<string, string> = {
  'text/calendar': 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n',
  'text/csv; charset=utf-8': 'email,name,type\r\namara@club.example,Amara Okafor,Founding\r\n',
};
