// Issue 24, the roster import: CSV dialects (BOM, semicolons, quoted line breaks, a formula cell),
// each row status with its reasons, the defaults and SPEC 9's six-month minimum, the dry run that
// stores nothing, invitations through issue 3's pipeline with the row's name, type and dates,
// idempotence, the report (invited, registered, expired, resend), the limits, and who may import.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLUB_NAME } from '../../../src/shared/constants';
import { addMonths, utcDate } from '../../../src/shared/membership-term';
import { ROSTER_LIMITS_MESSAGE } from '../../../src/shared/schemas/roster-import';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { rosterImportRows } from '../../../src/worker/db/schema/roster-imports';
import { createUser, deps, mailTo, request, roles, unique, type TestUser } from '../helpers';
import { decide, submitApplication, tokenMailedTo } from './membership-helpers';

type Preview = {
  id?: number;
  rows: {
    line: number;
    email: string;
    name: string;
    type: string | null;
    member_since: string | null;
    renews_on: string | null;
    status: string;
    errors: string[];
    warnings?: string[];
  }[];
  counts: Record<string, number>;
  unknown_columns: string[];
};

function upload(
  csv: string | Uint8Array<ArrayBuffer>,
  as: TestUser | null,
  opts: { dryRun?: boolean; name?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.set('file', new File([csv], opts.name ?? 'roster.csv', { type: 'text/csv' }));
  return request(`/api/admin/imports${opts.dryRun ? '?dry_run=1' : ''}`, { method: 'POST', body: form, as, headers: opts.headers });
}
async function preview(csv: string | Uint8Array<ArrayBuffer>, admin: TestUser): Promise<Preview> {
  const res = await upload(csv, admin, { dryRun: true });
  expect(res.status).toBe(200);
  return res.json();
}
const byLine = (p: Preview) => Object.fromEntries(p.rows.map((r) => [r.line, r]));
const email = (tag: string) => `${unique(tag)}@import.example`;
const today = () => utcDate(Date.now());

describe('reading the file', () => {
  it('reads a BOM, semicolons, columns in any order with any case, quoted separators, quotes and line breaks', async () => {
    const admin = await roles.admin();
    const [a, b, c] = [email('a'), email('b'), email('c')];
    const csv =
      '\uFEFFName;EMAIL;Member_Since;renews_on;Notes;type\r\n' +
      `"Ada; Lovelace";${a};2024-01-15;2025-01-15;"She said ""hi""";Founding\r\n` +
      `"Bea\r\nTwo Lines";${b};;;x;travel host\r\n` +
      '\r\n' +
      `"=HYPERLINK(""http://evil"")";${c};;;;\r\n`;
    const p = await preview(csv, admin);
    expect(p.unknown_columns).toEqual(['Notes']);
    const rows = byLine(p);
    expect(Object.keys(rows)).toEqual(['2', '3', '6']);
    expect(rows[2]).toMatchObject({
      email: a,
      name: 'Ada; Lovelace',
      type: 'Founding',
      member_since: '2024-01-15',
      renews_on: '2025-01-15',
      status: 'new',
    });
    // A quoted line break: the row starts on line 3, the next one (after an empty line) on line 6.
    expect(rows[3]).toMatchObject({ email: b, name: 'Bea\r\nTwo Lines', type: 'Travel Host', status: 'new' });
    expect(rows[3]!.member_since).toBe(today());
    expect(rows[3]!.renews_on).toBe(addMonths(today(), 12));
    // A formula is just text in a name; the type defaults to Standard.
    expect(rows[6]).toMatchObject({ name: '=HYPERLINK("http://evil")', type: 'Standard', status: 'new', errors: [] });
    expect(p.counts).toEqual({ new: 3, exists: 0, pending: 0, duplicate: 0, invalid: 0 });
  });

  it('reads a comma file without a BOM, with LF line ends', async () => {
    const admin = await roles.admin();
    const a = email('lf');
    const p = await preview(`email,name\n${a},"Cara, Countess"\n`, admin);
    expect(p.rows).toEqual([expect.objectContaining({ line: 2, email: a, name: 'Cara, Countess', status: 'new' })]);
  });

  it('refuses a file without an email or name column, an empty file, and a broken quote, with the reason', async () => {
    const admin = await roles.admin();
    const noName = await upload('email,city\na@b.example,Rome\n', admin, { dryRun: true });
    expect(noName.status).toBe(400);
    expect((await noName.json<{ error: string }>()).error).toBe('The file needs a header row with an email and a name column.');
    expect((await upload('', admin, { dryRun: true })).status).toBe(400);
    const broken = await upload('email,name\na@b.example,"Never closed\n', admin, { dryRun: true });
    expect(broken.status).toBe(400);
    expect((await broken.json<{ error: string }>()).error).toMatch(/quoted field is never closed/);
    const notUtf8 = await upload(new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x2c, 0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe]), admin, {
      dryRun: true,
    });
    expect(notUtf8.status).toBe(400);
  });
});

describe('each row status', () => {
  it('marks new, exists, pending, duplicate and invalid rows, with the reasons in words', async () => {
    const admin = await roles.admin();
    const member = await createUser();
    const applicant = await submitApplication();
    const fresh = email('fresh');
    const csv = [
      'email,name,type,member_since,renews_on,phone,city,country',
      `${fresh},Fresh Member,Standard,2025-03-01,2026-03-01,+44 20 7946 0958,London,GB`,
      `${member.email.toUpperCase()},Already Here,,,,,,`,
      `${applicant.email},Waiting Applicant,,,,,,`,
      `${fresh},Fresh Again,,,,,,`,
      'not-an-email,Bad Email,,,,,,',
      `${email('t')},Bad Type,Platinum,,,,,`,
      `${email('d')},Bad Date,,2025-02-30,,,,`,
      `${email('s')},Too Short,,2026-08-31,2027-02-27,,,`,
      `${email('c')},Bad Country,,,,,,Narnia`,
      `${email('n')},,,,,,,`,
    ].join('\n');
    const p = await preview(csv, admin);
    const rows = byLine(p);
    expect(rows[2]).toMatchObject({ status: 'new', errors: [] });
    expect(rows[3]).toMatchObject({ status: 'exists', email: member.email });
    expect(rows[4]).toMatchObject({ status: 'pending' });
    expect(rows[5]).toMatchObject({ status: 'duplicate', errors: ['Line 5: the same email is on line 2'] });
    expect(rows[6]).toMatchObject({ status: 'invalid', errors: ['Line 6: the email is not valid'] });
    expect(rows[7]).toMatchObject({ status: 'invalid', errors: ['Line 7: type must be Founding, Standard or Travel Host'] });
    expect(rows[8]).toMatchObject({
      status: 'invalid',
      errors: ['Line 8: member_since "2025-02-30" is not a date: write it as YYYY-MM-DD, such as 2024-03-01, or as 1 March 2024'],
    });
    expect(rows[9]).toMatchObject({
      status: 'invalid',
      errors: ['Line 9: renews_on must be at least six months after member_since (on or after Feb 28, 2027)'],
    });
    expect(rows[10]).toMatchObject({
      status: 'invalid',
      errors: ['Line 10: country "Narnia" is not a country: write its ISO code (GB, JP) or its English name (United Kingdom, Japan)'],
    });
    expect(rows[11]).toMatchObject({ status: 'invalid', errors: ['Line 11: the name is missing'] });
    expect(p.counts).toEqual({ new: 1, exists: 1, pending: 1, duplicate: 1, invalid: 6 });
    void decide;
  });

  it('reads the spreadsheets clubs have: headers, country names, dates that cannot be misread (issue 46)', async () => {
    const admin = await roles.admin();
    const member = await createUser();
    const [a, b, c, d, e] = ['sheet-a', 'sheet-b', 'sheet-c', 'sheet-d', 'sheet-e'].map(email);
    const csv = 'E-mail,Full Name,Member Since, RENEWS-ON ,Country,Notes,Phone_Number';
    const rows = byLine(
      await preview(
        [
          csv,
          `${a},Ana Names,1 March 2024,2025/03/01,United Kingdom,,`,
          `${b},Bea Common,"March 1, 2024",13/04/2025,uk,,`,
          `${c},Cai States,2024-03-01,04/13/2025,USA,,`,
          `${d},Dee Ambiguous,03/04/2024,,Japan,,`,
          // A member is `exists` whatever else her row says: she is not invited either way.
          `${member.email},Already Member,someday,,Narnia,,`,
          `${e},Eve Japan,2024-03-01,,jp,,`,
        ].join('\n'),
        admin,
      ),
    );
    expect(rows[2]).toMatchObject({ status: 'new', member_since: '2024-03-01', renews_on: '2025-03-01', errors: [] });
    expect(rows[3]).toMatchObject({ status: 'new', member_since: '2024-03-01', renews_on: '2025-04-13', errors: [] });
    expect(rows[4]).toMatchObject({ status: 'new', renews_on: '2025-04-13', errors: [] });
    expect(rows[5]).toMatchObject({
      status: 'invalid',
      errors: [
        'Line 5: member_since "03/04/2024" could be 3 April 2024 (day first) or March 4, 2024 (month first): write it as YYYY-MM-DD (2024-04-03 or 2024-03-04)',
      ],
    });
    expect(rows[6]).toMatchObject({ status: 'exists', errors: [] });
    expect(rows[7]).toMatchObject({ status: 'new', errors: [] });
    // Issue 41: the reasons in the admin's language (her browser's until she chooses one).
    const french = await upload(`email,name,member_since\n${d},Dee Ambiguous,03/04/2024\n`, admin, {
      dryRun: true,
      headers: { 'Accept-Language': 'fr' },
    });
    expect((await french.json<Preview>()).rows[0]!.errors).toEqual([
      'Ligne 2 : member_since « 03/04/2024 » peut se lire jour en premier (2024-04-03) ou mois en premier (2024-03-04) : écrivez-la au format AAAA-MM-JJ',
    ]);
    const unknownLanguage = await preview(`email,name,language\n${d},Dee,klingon\n`, admin);
    expect(unknownLanguage.rows[0]).toMatchObject({
      status: 'invalid',
      errors: ['Line 2: language "klingon" must be en, fr, es, ja or ar'],
    });
    const p = await preview(`${csv}\n${a},Ana,,,,,\n`, admin);
    // Headers match whatever their case, spaces, underscores or hyphens; the rest are listed.
    expect(p.unknown_columns).toEqual(['Notes']);

    const res = await upload([csv, `${a},Ana Names,1 March 2024,,United Kingdom,,`, `${e},Eve Japan,,,jp,,`].join('\n'), admin);
    expect(res.status).toBe(201);
    const stored = await deps()
      .db.select({ email: rosterImportRows.email, country: rosterImportRows.country, since: rosterImportRows.memberSince })
      .from(rosterImportRows)
      .where(eq(rosterImportRows.importId, (await res.json<Preview>()).id!));
    expect(Object.fromEntries(stored.map((r) => [r.email, [r.country, r.since]]))).toEqual({
      [a]: ['GB', '2024-03-01'],
      [e]: ['JP', today()],
    });
  });

  it('stores nothing and sends nothing on a dry run', async () => {
    const admin = await roles.admin();
    const a = email('dry');
    await preview(`email,name\n${a},Dry Run\n`, admin);
    expect(await deps().db.select().from(rosterImportRows).where(eq(rosterImportRows.email, a))).toEqual([]);
    expect(await mailTo(a)).toEqual([]);
  });
});

describe('the phone column', () => {
  it('reads any valid international number as E.164, a national one in the row’s country, and keeps an unknown range flagged', async () => {
    const admin = await roles.admin();
    const [uk, hk, spec, local, words, long, jp, fresh] = ['uk', 'hk', 'spec', 'local', 'words', 'long', 'jp', 'fresh'].map(email);
    const csv = [
      'email,name,phone,country',
      `${uk},Una Kingdom,+44 20 7946 0958,`,
      `${hk},Hui Kong,00852 5123 4567,`,
      // SPEC 5's form (a country code, a hyphen, 10 digits), as applications were stored before issue 31.
      `${spec},Spec Form,1-4155550123,`,
      `${local},Lou Local,020 7946 0958,`,
      `${words},Wendy Words,call me,`,
      `${long},Lena Long,+44 ${'1'.repeat(60)},`,
      // Issue 46: a number without + is one of the row's country; a new range is kept as typed, flagged.
      `${jp},Aiko Japan,090-1234-5678,JP`,
      `${fresh},Nell New,+1-555-123-4567,`,
    ].join('\n');
    const rows = byLine(await preview(csv, admin));
    for (const line of [2, 3, 4, 8]) expect(rows[line]).toMatchObject({ status: 'new', errors: [], warnings: [] });
    const phoneError = (line: number) => [
      `Line ${line}: the phone number is not valid: write it with its country code, such as +44 20 7946 0958, or give the row its country`,
    ];
    // Without its country code (or the row's country) a number could be anyone's: the import does not guess.
    expect(rows[5]).toMatchObject({ status: 'invalid', errors: phoneError(5) });
    expect(rows[6]).toMatchObject({ status: 'invalid', errors: phoneError(6) });
    expect(rows[7]).toMatchObject({ status: 'invalid', errors: phoneError(7) });
    expect(rows[9]).toMatchObject({
      status: 'new',
      errors: [],
      warnings: ['Line 9: Invalid phone number. It is kept as typed: +1 555 123 4567'],
    });

    const res = await upload(csv, admin);
    expect(res.status).toBe(201);
    const stored = await deps()
      .db.select({ email: rosterImportRows.email, phone: rosterImportRows.phone })
      .from(rosterImportRows)
      .where(eq(rosterImportRows.importId, (await res.json<Preview>()).id!));
    const phoneOf = Object.fromEntries(stored.map((r) => [r.email, r.phone]));
    expect(phoneOf[uk]).toBe('+442079460958');
    expect(phoneOf[hk]).toBe('+85251234567');
    expect(phoneOf[spec]).toBe('+14155550123');
    expect(phoneOf[jp]).toBe('+819012345678');
    expect(phoneOf[fresh]).toBe('+15551234567');
  });
});

describe('an import', () => {
  it('invites the new rows with the registration link; she registers with the row’s name, type and dates; nobody is an admin', async () => {
    const admin = await roles.admin();
    const a = email('inv');
    const b = email('inv');
    // Issue 41: a row's language (any case) writes her invitation in it, and her account starts in it.
    const csv = `email,name,type,member_since,renews_on,admin,language\n${a},Ines Invited,Founding,2019-04-01,2027-04-01,yes,\n${b},Bo Second,,,,1,FR\n`;
    const res = await upload(csv, admin, { name: 'club-roster.csv' });
    expect(res.status).toBe(201);
    const body = await res.json<Preview>();
    expect(body.id).toEqual(expect.any(Number));
    expect(body.counts.new).toBe(2);
    expect(body.unknown_columns).toEqual(['admin']);

    const [mail] = await mailTo(a);
    expect(mail).toMatchObject({ kind: 'registration', status: 'queued', subject: expect.stringContaining('create your account') });
    expect(mail!.text).toContain('Dear Ines Invited');
    const token = await tokenMailedTo(a, '/register/');
    const invite = await (
      await request(`/api/register/validate-token/${token}`)
    ).json<{ email: string; name: string; allowed_types: string[] }>();
    expect(invite).toEqual({ email: a, name: 'Ines Invited', allowed_types: ['Founding'] });
    const registered = await request('/api/register', {
      body: { token, name: 'Ines Invited', type: 'Founding', password: 'a-good-password' },
    });
    expect(registered.status).toBe(201);
    const user = await env.DB.prepare('SELECT type, is_admin, member_since, renews_on FROM users WHERE email = ?').bind(a).first();
    expect(user).toEqual({ type: 'Founding', is_admin: 0, member_since: '2019-04-01', renews_on: '2027-04-01' });

    const report = await (
      await request(`/api/admin/imports/${body.id}`, { as: admin })
    ).json<{
      file_name: string;
      created_by_name: string;
      created_by_id: number;
      rows: { email: string; invitation: string; can_resend: boolean; member_id: number | null }[];
    }>();
    expect(report.file_name).toBe('club-roster.csv');
    expect(report.created_by_name).toBe(admin.name);
    expect(report.created_by_id).toBe(admin.id);
    // Her account, once she registered: the report links her name.
    const ines = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(a).first<{ id: number }>();
    expect(report.rows.map((r) => [r.email, r.invitation, r.can_resend, r.member_id])).toEqual([
      [a, 'registered', false, ines!.id],
      [b, 'invited', false, null],
    ]);
    const list = await (await request('/api/admin/imports', { as: admin })).json<{ id: number }[]>();
    expect(list[0]!.id).toBe(body.id);

    const [french] = await mailTo(b);
    expect(french!.subject).toBe(`Bienvenue à ${CLUB_NAME} : créez votre compte`);
    expect(french!.html).toContain('<html lang="fr" dir="ltr">');
    const frenchToken = await tokenMailedTo(b, '/register/');
    const body2 = { token: frenchToken, name: 'Bo Second', type: 'Standard', password: 'a-good-password' };
    expect((await request('/api/register', { body: body2 })).status).toBe(201);
    const languages = await env.DB.prepare('SELECT email, language FROM users WHERE email IN (?, ?)').bind(a, b).all();
    expect(Object.fromEntries(languages.results.map((r) => [r.email, r.language]))).toEqual({ [a]: null, [b]: 'fr' });

    const audit = await deps()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(body.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'roster.import', actorId: admin.id, targetType: 'roster_import' })]);
  });

  it('invites nobody twice: the same file again finds them pending or members', async () => {
    const admin = await roles.admin();
    const a = email('again');
    const csv = `email,name\n${a},Once Only\n`;
    expect((await upload(csv, admin)).status).toBe(201);
    const second = await upload(csv, admin);
    expect(second.status).toBe(201);
    expect((await second.json<Preview>()).rows[0]!.status).toBe('pending');
    // Nor two imports at once.
    const b = email('race');
    const both = await Promise.all([upload(`email,name\n${b},Race\n`, admin), upload(`email,name\n${b},Race\n`, admin)]);
    const statuses = await Promise.all(both.map(async (r) => (await r.json<Preview>()).rows[0]!.status));
    expect(statuses.sort()).toEqual(['new', 'pending']);
    expect(await mailTo(a)).toHaveLength(1);
    expect(await mailTo(b)).toHaveLength(1);
  });

  it('links a row that is a member already to her account in the report, whatever the case of its address', async () => {
    const admin = await roles.admin();
    const member = await createUser();
    const res = await upload(`email,name\n ${member.email.toUpperCase()} ,Already Here\n`, admin);
    const { id } = await res.json<Preview>();
    const report = await (
      await request(`/api/admin/imports/${id}`, { as: admin })
    ).json<{
      rows: { status: string; invitation: string | null; member_id: number | null }[];
    }>();
    expect(report.rows).toEqual([expect.objectContaining({ status: 'exists', invitation: null, member_id: member.id })]);
  });

  it('resends an expired invitation from the report, and only an expired one', async () => {
    const admin = await roles.admin();
    const a = email('exp');
    const res = await upload(`email,name\n${a},Ex Pired\n`, admin);
    const { id } = await res.json<Preview>();
    const resend = () => request(`/api/admin/imports/${id}/rows/2/resend`, { method: 'POST', as: admin });
    expect((await resend()).status).toBe(409);
    const oldToken = await tokenMailedTo(a, '/register/');
    await deps()
      .db.update(rosterImportRows)
      .set({ invitationExpiresAt: Date.now() - 1000 })
      .where(eq(rosterImportRows.email, a));
    await env.DB.prepare('UPDATE tokens SET expires_at = ? WHERE email = ?')
      .bind(Date.now() - 1000, a)
      .run();
    const report = await (
      await request(`/api/admin/imports/${id}`, { as: admin })
    ).json<{ rows: { invitation: string; can_resend: boolean }[] }>();
    expect(report.rows[0]).toMatchObject({ invitation: 'expired', can_resend: true });

    expect((await resend()).status).toBe(200);
    const mails = await mailTo(a);
    expect(mails).toHaveLength(2);
    const newToken = await tokenMailedTo(a, '/register/');
    expect(newToken).not.toBe(oldToken);
    expect((await request(`/api/register/validate-token/${newToken}`)).status).toBe(200);
    const after = await (await request(`/api/admin/imports/${id}`, { as: admin })).json<{ rows: { invitation: string }[] }>();
    expect(after.rows[0]!.invitation).toBe('invited');
  });
});

describe('limits and access', () => {
  it('answers 413 with the limits past 5,000 rows or 2 MB', async () => {
    const admin = await roles.admin();
    const rows = Array.from({ length: 5001 }, (_, i) => `m${i}@limit.example,Member ${i}`);
    const tooMany = await upload(`email,name\n${rows.join('\n')}\n`, admin, { dryRun: true });
    expect(tooMany.status).toBe(413);
    expect((await tooMany.json<{ error: string }>()).error).toBe(ROSTER_LIMITS_MESSAGE);
    expect(ROSTER_LIMITS_MESSAGE).toContain('5,000 rows and 2 MB');

    const big = `email,name,city\n${'a@big.example,Big,' + 'x'.repeat(1000) + '\n'}`.repeat(2200);
    const tooBig = await upload(big, admin, { dryRun: true });
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json<{ error: string }>()).error).toBe(ROSTER_LIMITS_MESSAGE);

    const atLimit = Array.from({ length: 5000 }, (_, i) => `m${i}@limit.example,Member ${i}`);
    const ok = await upload(`email,name\n${atLimit.join('\n')}\n`, admin, { dryRun: true });
    expect(ok.status).toBe(200);
    expect((await ok.json<Preview>()).counts.new).toBe(5000);
  });

  it('answers 400 naming the limit past 50 columns, before reading the rows (issue 45)', async () => {
    const admin = await roles.admin();
    const header = (n: number) => ['email', 'name', ...Array.from({ length: n - 2 }, (_, i) => `extra${i}`)].join(',');
    const row = `${email('col')},Columns`;
    const wide = await upload(`${header(51)}\n${row}\n`, admin, { dryRun: true });
    expect(wide.status).toBe(400);
    expect((await wide.json<{ error: string }>()).error).toBe('A roster file may have at most 50 columns; this one has 51.');
    // A header of a million columns (2 MB): refused as quickly, in a short answer.
    const million = await upload(`email,name${',x'.repeat(999_998)}\n${row}\n`, admin, { dryRun: true });
    expect(million.status).toBe(400);
    expect((await million.text()).length).toBeLessThan(300);
    // Separators inside quotes are no columns; a semicolon file counts its semicolons.
    expect((await preview(`${header(50)}\n${row}\n`, admin)).unknown_columns).toHaveLength(48);
    expect((await preview(`"email","name","a,b,${'c,'.repeat(60)}"\n${row},x\n`, admin)).unknown_columns).toHaveLength(1);
    expect((await upload(`${header(51).replace(/,/g, ';')}\n${row.replace(',', ';')}\n`, admin, { dryRun: true })).status).toBe(400);
  });

  it('is for admins only: a member 403, a visitor 401, an admin without 2FA TWO_FACTOR_REQUIRED', async () => {
    const csv = `email,name\n${email('acc')},Access\n`;
    expect((await upload(csv, null, { dryRun: true })).status).toBe(401);
    expect((await upload(csv, await roles.founding())).status).toBe(403);
    expect((await request('/api/admin/imports', { as: await roles.standard() })).status).toBe(403);
    expect((await request('/api/admin/imports/1', {})).status).toBe(401);
    const res = await upload(csv, await createUser({ admin: true, twoFactor: false }));
    expect(res.status).toBe(403);
    expect((await res.json<{ code: string }>()).code).toBe('TWO_FACTOR_REQUIRED');
  });
});
