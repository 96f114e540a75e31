import { Hono } from 'hono';
import {
  ImportIdInputSchema,
  ListImportsInputSchema,
  ResendImportInvitationInputSchema,
  ROSTER_LIMITS_MESSAGE,
  ROSTER_MAX_BYTES,
} from '../../../shared/schemas/roster-import';
import { AppError, parseInput } from '../../platform/app-error';
import { refuseDeclaredOver } from '../../platform/body-limit';
import type { AppEnv } from '../../platform/hono-env';
import { readForm } from '../../platform/multipart';
import { pageQuery, restPage } from '../../platform/link-header';
import { actorOf, requestMeta } from '../../platform/request-actor';
import { withRoundTrips } from '../../platform/d1-round-trips';
import { admins } from '../../platform/rest-guards';
import * as roster from './roster-import';

/** The multipart envelope around a 2 MB file: its boundaries and part headers. */
const FORM_OVERHEAD = 64 * 1024;
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', ROSTER_LIMITS_MESSAGE);
const SEND_AS_FORM = /*i18n*/ 'Send the roster as multipart/form-data with the CSV in the field "file".';

/** The CSV of a multipart request's `file` field, counted while it streams: 413 past 2 MB. */
async function rosterFile(req: Request): Promise<{ name: string; bytes: Uint8Array }> {
  try {
    refuseDeclaredOver(req, ROSTER_MAX_BYTES + FORM_OVERHEAD);
  } catch {
    throw tooLarge();
  }
  const form = await readForm(req, ROSTER_MAX_BYTES + FORM_OVERHEAD, ROSTER_LIMITS_MESSAGE, SEND_AS_FORM);
  const file = form.get('file');
  if (!file || typeof file === 'string') throw new AppError('BAD_REQUEST', SEND_AS_FORM);
  if (file.size > ROSTER_MAX_BYTES) throw tooLarge();
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

const isDryRun = (value: string | undefined) => value !== undefined && ['1', 'true', 'yes'].includes(value.toLowerCase());

/** Issue 24's REST contract for the roster import: thin adapters over roster-import.ts (the tRPC twin is router.ts). */
export const rosterRoutes = new Hono<AppEnv>()
  // Server-Timing tells the D1 round trips (the bench holds an import to bounded batches).
  .post('/api/admin/imports', admins, async (c) => {
    const file = await rosterFile(c.req.raw);
    const actor = await actorOf(c);
    const meta = requestMeta(c);
    if (isDryRun(c.req.query('dry_run'))) return c.json(await withRoundTrips(c, (deps) => roster.previewImport(deps, actor, file, meta)));
    return c.json(await withRoundTrips(c, (deps) => roster.commitImport(deps, actor, file, meta)), 201);
  })
  .get('/api/admin/imports', admins, async (c) => {
    const input = parseInput(ListImportsInputSchema, pageQuery(c));
    return c.json((await restPage(c, (deps, actor) => roster.listImports(deps, actor, input))).items);
  })
  .get('/api/admin/imports/:id', admins, async (c) =>
    c.json(
      await roster.getImportReport(
        c.get('deps'),
        await actorOf(c),
        parseInput(ImportIdInputSchema, { id: c.req.param('id') }),
        requestMeta(c),
      ),
    ),
  )
  .post('/api/admin/imports/:id/rows/:line/resend', admins, async (c) => {
    const input = parseInput(ResendImportInvitationInputSchema, { id: c.req.param('id'), line: c.req.param('line') });
    return c.json(await roster.resendImportInvitation(c.get('deps'), await actorOf(c), input));
  });
