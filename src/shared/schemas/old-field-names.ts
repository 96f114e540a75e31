import * as z from 'zod';
import './zod-config';

/*
 * Issue 47: REST fields were renamed to snake_case, and requests still accept the old camelCase
 * spelling for a while. Each renamed input says so once, here, instead of in its routes:
 *
 *   export const CreateInvitationCodeInputSchema = acceptingOldNames(
 *     z.object({ max_uses: …, expires_at: … }),
 *     { max_uses: 'maxUses', expires_at: { name: 'expiresAt', schema: UnixMsSchema, toNew: unixMsToIso } },
 *   );
 *
 * The old name is moved onto the new one before the object is parsed (the new one wins when a
 * request sends both), so services, answers and error paths (`fieldErrors.max_uses`) know only
 * the new name. The OpenAPI document shows the old name beside the new one with
 * `deprecated: true` (zod's JSON Schema of a preprocess describes the object it feeds).
 */

/** An old spelling whose value also had another form (a Unix ms instant that is ISO 8601 now). */
export interface OldForm {
  name: string;
  /** What the old spelling took, for the document. */
  schema: z.ZodType;
  /** Its value in the new field's form; anything it cannot read, as it is (the new field refuses it). */
  toNew: (old: unknown) => unknown;
}

export type OldName = string | OldForm;

/** The old spelling of an instant: Unix milliseconds. */
export const UnixMsSchema = z.number().int().describe('Unix milliseconds');

/** Unix ms to ISO 8601 (UTC); anything else is left for the new field's schema to refuse. */
export function unixMsToIso(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 8.64e15 ? new Date(value).toISOString() : value;
}

/**
 * `object`, also accepting each field's old spelling (`{ new_name: 'oldName' }`), documented as
 * deprecated. Typed as `object` itself for its input and output: the old names are for callers
 * that predate the rename, never for code in this repository.
 */
export function acceptingOldNames<T extends z.ZodObject>(
  object: T,
  oldNames: Partial<Record<keyof T['shape'] & string, OldName>>,
): AcceptingOldNames<T> {
  const renames = Object.entries(oldNames as Record<string, OldName>).map(([newName, old]) =>
    typeof old === 'string' ? { newName, oldName: old, schema: undefined, toNew: undefined } : { newName, oldName: old.name, ...old },
  );
  const documented: Record<string, z.ZodType> = {};
  for (const { newName, oldName, schema } of renames) {
    const field = object.shape[newName];
    if (!field) throw new Error(`acceptingOldNames: the object has no field ${newName}`);
    documented[oldName] = (schema ?? field).optional().meta({
      deprecated: true,
      description: `Deprecated: the old spelling of \`${newName}\`${schema ? ` (${schema.description ?? 'its old form'})` : ''}, still accepted.`,
    });
  }
  const moveOldNames = (value: unknown): unknown => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    let moved: Record<string, unknown> | undefined;
    for (const { newName, oldName, toNew } of renames) {
      if (!Object.hasOwn(value, oldName)) continue;
      moved ??= { ...(value as Record<string, unknown>) };
      const old = moved[oldName];
      delete moved[oldName];
      if (moved[newName] === undefined) moved[newName] = toNew ? toNew(old) : old;
    }
    return moved ?? value;
  };
  const schema = z.preprocess(moveOldNames, object.extend(documented)) as unknown as AcceptingOldNames<T>;
  made.set(schema, { object, oldNames: oldNames as Record<string, OldName> });
  return schema;
}

export type AcceptingOldNames<T extends z.ZodObject> = z.ZodPipe<z.ZodTransform<z.input<T>, z.input<T>>, T>;

const made = new WeakMap<z.ZodType, { object: z.ZodObject; oldNames: Record<string, OldName> }>();

/** `.omit()` of a schema acceptingOldNames made (a REST body without the id its path gives), its old names kept. */
export function omitAccepting<T extends z.ZodObject, const M extends { [K in keyof T['shape']]?: true }>(
  schema: AcceptingOldNames<T>,
  mask: M,
): AcceptingOldNames<z.ZodObject<Omit<T['shape'], keyof M & string>>> {
  const { object, oldNames } = made.get(schema)!;
  const kept = Object.fromEntries(Object.entries(oldNames).filter(([name]) => !(name in mask)));
  return acceptingOldNames(object.omit(mask as Record<string, true>), kept) as never;
}
