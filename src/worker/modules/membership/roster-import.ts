import { and, desc, eq, getTableName, isNull, lt, sql } from 'drizzle-orm';
import { ACCOUNT_TYPES, TOKEN_TTL_MS, type AccountType } from '../../../shared/constants';
import { formatDate } from '../../../shared/date-format';
import { withValues, type TextValues } from '../../../shared/message';
import { addMonths, earliestRenewsOn } from '../../../shared/membership-term';
import { EmailSchema } from '../../../shared/schemas/common';
import { isPhoneCountry, PHONE_MAX, readPhone } from '../../../shared/schemas/phone';
import {
  IMPORT_ROW_STATUSES,
  type ImportCounts,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportReport,
  type ImportReportRow,
  type ImportRowStatus,
  type ImportsPage,
  type InvitationState,
  type ListImportsInput,
  type ResendImportInvitationInput,
  RosterLanguageSchema,
} from '../../../shared/schemas/roster-import';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/preferences';
import { applications, tokens } from '../../db/schema/membership';
import { rosterImportRows, rosterImports } from '../../db/schema/roster-imports';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry } from '../../platform/audit';
import { randomToken, sha256Hex } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { requireAdmin } from '../../platform/guards';
import { inLanguage, translate } from '../../platform/i18n';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { languageOf, type RequestMeta } from '../../platform/request-actor';
import { enqueueEmail } from '../mail/enqueue';
import { enqueuePersonalEmails } from '../mail/enqueue-each';
import { appLink } from '../mail/layout';
import { importInvitationEmail } from './emails/registration-email';
import { readRosterCsv, type RosterCsvRow } from './roster-csv';
import { readCountry, readRosterDate } from './roster-values';
import { todayOf } from './terms';

/*
 * Issue 24, the roster import (DECISIONS "Membership terms": an import never invites the same
 * email twice and never makes anyone an admin). The preview is the server's dry run of the very
 * code that imports; an import then stores every row and invites the `new` ones through issue 3's
 * pipeline (a single-use registration token, 7 days, and the registration email through the mail
 * queue). Every write goes in bounded batches: rows, tokens and emails travel as one JSON
 * parameter per statement, never a statement per row.
 */

/** A row as read and judged: what the preview shows and the import stores. */
interface JudgedRow extends ImportPreviewRow {
  /** Her email is an address: the row can be a duplicate, a member or pending whatever its other fields. */
  emailOk: boolean;
  phone: string | null;
  city: string | null;
  country: string | null;
  language: Language | null;
}

const TYPE_BY_NAME = new Map(ACCOUNT_TYPES.map((t) => [t.toLowerCase(), t]));

/** One row's own checks (SPEC 9's six-month minimum among them); duplicates and members come after. */
function judgeRow(row: RosterCsvRow, today: string): JudgedRow {
  const errors: string[] = [];
  const warnings: string[] = [];
  const fail = (template: string, values: TextValues = {}) => errors.push(withValues(template, { line: row.line, ...values }));
  const cell = (name: keyof RosterCsvRow['cells']) => (row.cells[name] ?? '').trim();

  const rawEmail = cell('email');
  const email = EmailSchema.safeParse(rawEmail);
  if (!rawEmail) fail(/*i18n*/ 'Line {line}: the email is missing');
  else if (!email.success) fail(/*i18n*/ 'Line {line}: the email is not valid');

  const name = cell('name');
  if (!name) fail(/*i18n*/ 'Line {line}: the name is missing');
  else if (name.length > 100) fail(/*i18n*/ 'Line {line}: the name is longer than 100 characters');

  const rawType = cell('type');
  const type: AccountType | undefined = rawType ? TYPE_BY_NAME.get(rawType.toLowerCase()) : 'Standard';
  if (!type) fail(/*i18n*/ 'Line {line}: type must be Founding, Standard or Travel Host');

  // Issue 46: YYYY-MM-DD or a date that cannot be misread; one that reads two ways names both.
  const since = cell('member_since') ? readRosterDate(cell('member_since')) : { date: today };
  if ('problem' in since) fail(since.problem.template, { column: 'member_since', ...since.problem.values });
  const memberSince = 'date' in since ? since.date : null;
  const renews = cell('renews_on') ? readRosterDate(cell('renews_on')) : null;
  if (renews && 'problem' in renews) fail(renews.problem.template, { column: 'renews_on', ...renews.problem.values });
  const renewsOn = renews ? ('date' in renews ? renews.date : null) : memberSince ? addMonths(memberSince, 12) : null;
  if (renewsOn && memberSince && renewsOn < earliestRenewsOn(memberSince)) {
    fail(/*i18n*/ 'Line {line}: renews_on must be at least six months after member_since (on or after {date})', {
      date: formatDate(earliestRenewsOn(memberSince)),
    });
  }

  const city = cell('city');
  if (city.length > 100) fail(/*i18n*/ 'Line {line}: the city is longer than 100 characters');
  const rawCountry = cell('country');
  const country = rawCountry ? readCountry(rawCountry) : undefined;
  if (rawCountry && !country)
    fail(
      /*i18n*/ 'Line {line}: country "{value}" is not a country: write its ISO code (GB, JP) or its English name (United Kingdom, Japan)',
      { value: rawCountry },
    );

  const rawLanguage = cell('language');
  const language = rawLanguage ? RosterLanguageSchema.safeParse(rawLanguage) : null;
  if (language && !language.success) fail(/*i18n*/ 'Line {line}: language "{value}" must be en, fr, es, ja or ar', { value: rawLanguage });

  // As every phone the club stores (issues 31 and 46): E.164, a number without + read in the row's
  // country; one of the right length in a range the library does not know is kept, and flagged.
  const rawPhone = cell('phone');
  const reading =
    rawPhone && rawPhone.length <= PHONE_MAX ? readPhone(rawPhone, country && isPhoneCountry(country) ? country : undefined) : null;
  if (rawPhone && !reading) {
    fail(
      /*i18n*/ 'Line {line}: the phone number is not valid: write it with its country code, such as +44 20 7946 0958, or give the row its country',
    );
  } else if (reading && !reading.known) {
    warnings.push(
      withValues(/*i18n*/ 'Line {line}: Invalid phone number. It is kept as typed: {shown}', { line: row.line, shown: reading.shown }),
    );
  }

  return {
    line: row.line,
    email: email.success ? email.data : rawEmail.toLowerCase(),
    name,
    type: type ?? null,
    member_since: memberSince,
    renews_on: renewsOn,
    status: errors.length ? 'invalid' : 'new',
    errors,
    warnings,
    emailOk: email.success,
    phone: reading?.kept ?? null,
    city: city || null,
    country: country ?? null,
    language: language?.success ? language.data : null,
  };
}

/** Emails asked about per statement (one JSON parameter each). */
const LOOKUP_CHUNK = 1000;

/**
 * Who each email already is: a member (exists), or someone an application or an invitation waits
 * for (pending): a pending or accepted application not yet registered, a live registration token,
 * or an earlier import's invitation, expired or not (that one is resent from its report, never
 * sent again by a new import). A statement per 1,000 emails, each lookup served by an index.
 */
async function knownEmails(deps: Deps, emails: string[]): Promise<Map<string, 'exists' | 'pending'>> {
  const known = new Map<string, 'exists' | 'pending'>();
  if (emails.length === 0) return known;
  const now = deps.now();
  const chunks: string[][] = [];
  for (let i = 0; i < emails.length; i += LOOKUP_CHUNK) chunks.push(emails.slice(i, i + LOOKUP_CHUNK));
  const results: { email: string; member: number; pending: number }[][] = [];
  for (const chunk of chunks) {
    results.push(
      await deps.db.all<{ email: string; member: number; pending: number }>(sql`
      SELECT j.value AS email,
        EXISTS (SELECT 1 FROM ${users} AS u WHERE u.email = j.value) AS member,
        (EXISTS (SELECT 1 FROM ${applications} AS a WHERE a.email = j.value AND (a.accepted IS NULL OR a.accepted = 1))
          OR EXISTS (SELECT 1 FROM ${rosterImportRows} AS r WHERE r.invite_email = j.value)
          OR EXISTS (SELECT 1 FROM ${tokens} AS t WHERE t.email = j.value AND t.purpose = 'registration'
            AND t.used_at IS NULL AND t.expires_at > ${now})) AS pending
      FROM json_each(${JSON.stringify(chunk)}) AS j`),
    );
  }
  for (const r of results.flat()) {
    if (r.member) known.set(r.email, 'exists');
    else if (r.pending) known.set(r.email, 'pending');
  }
  return known;
}

/**
 * Every row judged. Who she is comes first (issue 46): a row whose email is an address is a
 * duplicate (the same email earlier in the file), a member (exists) or pending whatever its other
 * fields say, since it is not invited either way; only then do the fields make a row invalid or new.
 */
async function judgeFile(deps: Deps, bytes: Uint8Array) {
  const csv = readRosterCsv(bytes);
  const today = todayOf(deps);
  const rows = csv.rows.map((r) => judgeRow(r, today));
  const firstLine = new Map<string, number>();
  const notInvited = (row: JudgedRow, status: ImportRowStatus, errors: string[] = []) => {
    row.status = status;
    row.errors = errors;
    row.warnings = [];
  };
  for (const row of rows) {
    if (!row.emailOk) continue;
    const earlier = firstLine.get(row.email);
    if (earlier === undefined) firstLine.set(row.email, row.line);
    else
      notInvited(row, 'duplicate', [withValues(/*i18n*/ 'Line {line}: the same email is on line {earlier}', { line: row.line, earlier })]);
  }
  const asked = rows.filter((r) => r.emailOk && r.status !== 'duplicate');
  const known = await knownEmails(
    deps,
    asked.map((r) => r.email),
  );
  for (const row of asked) {
    const who = known.get(row.email);
    if (who) notInvited(row, who);
  }
  return { rows, unknownColumns: csv.unknownColumns };
}

function countsOf(rows: { status: ImportRowStatus }[]): ImportCounts {
  const counts = Object.fromEntries(IMPORT_ROW_STATUSES.map((s) => [s, 0])) as ImportCounts;
  for (const r of rows) counts[r.status]++;
  return counts;
}

/**
 * Issue 41: a row's messages in the admin's language (inLanguage around the call). They are
 * written and stored in English from their templates, so a report of an older import reads in her
 * language too.
 */
const translated = (messages: string[]) => messages.map((m) => translate(m));

const toView = ({ line, email, name, type, member_since, renews_on, status, errors, warnings }: JudgedRow): ImportPreviewRow => ({
  line,
  email,
  name,
  type,
  member_since,
  renews_on,
  status,
  errors: translated(errors),
  warnings: translated(warnings),
});

type Meta = Pick<RequestMeta, 'language'>;

/** POST /api/admin/imports?dry_run=1: what an import of this file would do; nothing is stored. */
export async function previewImport(deps: Deps, actor: Actor, file: { bytes: Uint8Array }, meta: Meta = {}): Promise<ImportPreview> {
  requireAdmin(actor);
  const { rows, unknownColumns } = await judgeFile(deps, file.bytes);
  return inLanguage(languageOf(actor, meta), () => ({ rows: rows.map(toView), counts: countsOf(rows), unknown_columns: unknownColumns }));
}

/** Rows stored per statement, and invitations (tokens and emails) per batch. */
const ROWS_PER_INSERT = 500;
const INVITES_PER_BATCH = 50;

function rowsJson(rows: JudgedRow[], invite: { expiresAt: number } | null) {
  return JSON.stringify(
    rows.map((r) => ({
      line: r.line,
      email: r.email,
      name: r.name,
      type: r.type,
      member_since: r.member_since,
      renews_on: r.renews_on,
      phone: r.phone,
      city: r.city,
      country: r.country,
      status: r.status,
      errors: JSON.stringify(r.errors),
      invite_email: invite ? r.email : null,
      invitation_expires_at: invite ? invite.expiresAt : null,
      language: r.language,
    })),
  );
}

/** Stores rows; invited ones claim their email, and those another import claimed meanwhile come back unstored. */
function insertRowsQuery(deps: Deps, importId: number, rows: JudgedRow[], invite: { expiresAt: number } | null) {
  const field = (name: string) => sql.raw(`json_extract(j.value, '$.${name}')`);
  // Every column in table order (id left to SQLite); WHERE true lets SQLite read the upsert clause.
  return deps.db
    .insert(rosterImportRows)
    .select(
      sql`SELECT NULL, ${importId}, ${field('line')}, ${field('email')}, ${field('name')}, ${field('type')}, ${field('member_since')},
        ${field('renews_on')}, ${field('phone')}, ${field('city')}, ${field('country')}, ${field('status')}, ${field('errors')},
        ${field('invite_email')}, ${field('invitation_expires_at')}, ${field('language')}
      FROM json_each(${rowsJson(rows, invite)}) AS j WHERE true`,
    )
    .onConflictDoNothing()
    .returning({ id: rosterImportRows.id, line: rosterImportRows.line });
}

interface Invitee {
  rowId: number;
  email: string;
  name: string;
  type: AccountType;
  language: Language | null;
}

/** Her invitation, in the row's language (English when it gives none). */
const invitationIn = (language: Language | null, opts: Parameters<typeof importInvitationEmail>[0]) =>
  inLanguage(language ?? DEFAULT_LANGUAGE, () => ({ ...importInvitationEmail(opts), language: language ?? DEFAULT_LANGUAGE }));

/**
 * Issues each invitee's single-use registration token (only its hash stored, pointing at her row)
 * and queues her email, a batch of INVITES_PER_BATCH at a time: the tokens' insert and the
 * emails are written together, so no email goes without its token nor a token without its email.
 */
async function inviteAll(deps: Deps, admin: MemberActor, invitees: Invitee[], expiresAt: number): Promise<void> {
  const now = deps.now();
  for (let i = 0; i < invitees.length; i += INVITES_PER_BATCH) {
    const group = invitees.slice(i, i + INVITES_PER_BATCH);
    const issued = await Promise.all(group.map(async (inv) => ({ inv, token: randomToken() })));
    const tokenRows = await Promise.all(
      issued.map(async ({ inv, token }) => ({
        hash: await sha256Hex(token),
        email: inv.email,
        row: inv.rowId,
        types: JSON.stringify([inv.type]),
      })),
    );
    // Every column in table order (id left to SQLite), as a builder the emails' batch takes.
    const insertTokens = deps.db.insert(tokens).select(
      sql`SELECT NULL, json_extract(j.value, '$.hash'), 'registration', json_extract(j.value, '$.email'), NULL, NULL, NULL,
        json_extract(j.value, '$.row'), json_extract(j.value, '$.types'), ${admin.id}, ${expiresAt}, NULL, ${now}
      FROM json_each(${JSON.stringify(tokenRows)}) AS j`,
    );
    const emails = await Promise.all(
      issued.map(async ({ inv, token }) => ({
        ...(await invitationIn(inv.language, {
          name: inv.name,
          link: appLink(deps.env.APP_ORIGIN, `/register/${token}`),
          expiresAt,
        })),
        to: { email: inv.email, name: inv.name },
      })),
    );
    await enqueuePersonalEmails(deps, 'registration', emails, { senderId: admin.id, alsoWrite: [insertTokens] });
  }
}

/**
 * POST /api/admin/imports: the preview's judgement, then every row stored with its status and the
 * `new` ones invited. The same file imported again invites nobody: its emails are pending now.
 */
export async function commitImport(
  deps: Deps,
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
  meta: Meta = {},
): Promise<ImportPreview & { id: number }> {
  const admin = requireAdmin(actor);
  const { rows, unknownColumns } = await judgeFile(deps, file.bytes);
  const now = deps.now();
  const expiresAt = now + TOKEN_TTL_MS.registration;
  const fileName = file.name.trim().slice(0, 200) || 'roster.csv';

  const [created] = await deps.db
    .insert(rosterImports)
    .values({ createdBy: admin.id, fileName, counts: countsOf(rows), unknownColumns, createdAt: now })
    .returning({ id: rosterImports.id });
  const importId = created!.id;

  const fresh = rows.filter((r) => r.status === 'new');
  const others = rows.filter((r) => r.status !== 'new');
  const invitees: Invitee[] = [];
  const lost: JudgedRow[] = [];
  for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
    const chunk = fresh.slice(i, i + ROWS_PER_INSERT);
    const stored = await insertRowsQuery(deps, importId, chunk, { expiresAt });
    const byLine = new Map(stored.map((s) => [s.line, s.id]));
    for (const r of chunk) {
      const rowId = byLine.get(r.line);
      if (rowId === undefined) lost.push(r);
      else invitees.push({ rowId, email: r.email, name: r.name, type: r.type!, language: r.language });
    }
  }
  // Invited by another import between the judgement and now: pending, like any waiting invitation.
  for (const r of lost) r.status = 'pending';
  const rest = [...others, ...lost];
  const restInserts = [];
  for (let i = 0; i < rest.length; i += ROWS_PER_INSERT)
    restInserts.push(insertRowsQuery(deps, importId, rest.slice(i, i + ROWS_PER_INSERT), null));
  const counts = countsOf(rows);
  await deps.db.batch([
    deps.db.update(rosterImports).set({ counts }).where(eq(rosterImports.id, importId)),
    ...restInserts,
    auditEntry(deps, admin, 'roster.import', { type: 'roster_import', id: importId }, { file: fileName, ...counts }),
  ]);

  await inviteAll(deps, admin, invitees, expiresAt);
  rows.sort((a, b) => a.line - b.line);
  return inLanguage(languageOf(actor, meta), () => ({ id: importId, rows: rows.map(toView), counts, unknown_columns: unknownColumns }));
}

async function loadImport(deps: Deps, id: number) {
  const [row] = await deps.db
    .select({ imp: rosterImports, by: users.name, byId: users.id })
    .from(rosterImports)
    .leftJoin(users, eq(users.id, rosterImports.createdBy))
    .where(eq(rosterImports.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'Import not found.');
  return row;
}

const summaryOf = (imp: typeof rosterImports.$inferSelect, by: string | null, byId: number | null) => ({
  id: imp.id,
  file_name: imp.fileName,
  created_at: new Date(imp.createdAt).toISOString(),
  created_by_name: by,
  created_by_id: byId,
  counts: imp.counts,
});

/**
 * The account of an import row's member, if she has one: the invited address, else the row's own.
 * The row's columns are named with their table: inside the subquery a bare "email" is the user's.
 */
const rowColumn = (column: typeof rosterImportRows.email | typeof rosterImportRows.inviteEmail) =>
  sql`${sql.identifier(getTableName(rosterImportRows))}.${sql.identifier(column.name)}`;
const rowMemberId = sql<number | null>`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = coalesce(${rowColumn(
  rosterImportRows.inviteEmail,
)}, lower(trim(${rowColumn(rosterImportRows.email)}))))`;

function invitationState(row: { inviteEmail: string | null; invitationExpiresAt: number | null; registered: number }, now: number) {
  if (!row.inviteEmail) return null;
  if (row.registered) return 'registered' as const;
  return (row.invitationExpiresAt ?? 0) <= now ? ('expired' as const) : ('invited' as const);
}

/** GET /api/admin/imports/{id}: the import, and each row with where its invitation stands now. */
export async function getImportReport(deps: Deps, actor: Actor, input: { id: number }, meta: Meta = {}): Promise<ImportReport> {
  requireAdmin(actor);
  const { imp, by, byId } = await loadImport(deps, input.id);
  const rows = await deps.db
    .select({ row: rosterImportRows, memberId: rowMemberId })
    .from(rosterImportRows)
    .where(eq(rosterImportRows.importId, imp.id))
    .orderBy(rosterImportRows.line);
  const now = deps.now();
  return inLanguage(languageOf(actor, meta), () => ({
    ...summaryOf(imp, by, byId),
    unknown_columns: imp.unknownColumns,
    rows: rows.map(({ row, memberId }): ImportReportRow => {
      const invitation: InvitationState | null = invitationState({ ...row, registered: memberId === null ? 0 : 1 }, now);
      return {
        line: row.line,
        email: row.email,
        name: row.name,
        type: row.type,
        member_since: row.memberSince,
        renews_on: row.renewsOn,
        status: row.status,
        errors: translated(row.errors),
        invitation,
        invitation_expires_at: row.invitationExpiresAt === null ? null : new Date(row.invitationExpiresAt).toISOString(),
        can_resend: invitation === 'expired',
        member_id: memberId,
      };
    }),
  }));
}

/** GET /api/admin/imports: newest first, a page at a time (by id, the primary key). */
export async function listImports(deps: Deps, actor: Actor, input: ListImportsInput = {}): Promise<ImportsPage> {
  requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n']) as [number] | undefined;
  const rows = await deps.db
    .select({ imp: rosterImports, by: users.name, byId: users.id })
    .from(rosterImports)
    .leftJoin(users, eq(users.id, rosterImports.createdBy))
    .where(after ? lt(rosterImports.id, after[0]) : undefined)
    .orderBy(desc(rosterImports.id))
    .limit(size + 1);
  return toPage(
    rows,
    size,
    (r) => [r.imp.id],
    (r) => summaryOf(r.imp, r.by, r.byId),
  );
}

/**
 * "Resend invitation" on the report: a fresh 7-day link for an invited row whose invitation
 * expired and who has not registered; her earlier links stop working. Audited.
 */
export async function resendImportInvitation(deps: Deps, actor: Actor, input: ResendImportInvitationInput): Promise<{ ok: true }> {
  const admin = requireAdmin(actor);
  const [row] = await deps.db
    .select({
      row: rosterImportRows,
      registered: sql<number>`EXISTS (SELECT 1 FROM ${users} WHERE ${users.email} = ${rosterImportRows.inviteEmail})`,
    })
    .from(rosterImportRows)
    .where(and(eq(rosterImportRows.importId, input.id), eq(rosterImportRows.line, input.line)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'That row of the import was not found.');
  const now = deps.now();
  const state = invitationState({ ...row.row, registered: row.registered }, now);
  if (state !== 'expired') {
    throw new AppError(
      'CONFLICT',
      state === null
        ? /*i18n*/ 'This row was not invited.'
        : state === 'registered'
          ? /*i18n*/ 'She has registered already.'
          : /*i18n*/ 'Her invitation is still valid.',
    );
  }
  const token = randomToken();
  const expiresAt = now + TOKEN_TTL_MS.registration;
  const { email, name, type, id: rowId, language } = row.row;
  await enqueueEmail(
    deps,
    {
      kind: 'registration',
      ...(await invitationIn(language, { name, link: appLink(deps.env.APP_ORIGIN, `/register/${token}`), expiresAt })),
      recipients: [{ email, name }],
      senderId: admin.id,
    },
    {
      alsoWrite: [
        deps.db
          .update(tokens)
          .set({ usedAt: now })
          .where(and(eq(tokens.importRowId, rowId), isNull(tokens.usedAt))),
        deps.db.insert(tokens).values({
          tokenHash: await sha256Hex(token),
          purpose: 'registration',
          email,
          importRowId: rowId,
          allowedTypes: [type ?? 'Standard'],
          createdBy: admin.id,
          expiresAt,
          createdAt: now,
        }),
        deps.db.update(rosterImportRows).set({ invitationExpiresAt: expiresAt }).where(eq(rosterImportRows.id, rowId)),
        auditEntry(deps, admin, 'roster.resend_invitation', { type: 'roster_import', id: input.id }, { email, line: input.line }),
      ],
    },
  );
  return { ok: true };
}
