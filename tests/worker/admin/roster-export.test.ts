// Issue 24, the roster out: GET /api/admin/members.csv, text/csv with a BOM and CRLF, the
// documented columns, no cell a spreadsheet would run as a formula (CSV injection), every member
// across the pages it streams in, and for admins only. An exported roster imports again.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../src/shared/csv';
import { addDays, utcDate } from '../../../src/shared/membership-term';
import { ROSTER_PAGE } from '../../../src/worker/modules/admin/roster-export';
import { createUser, request, roles } from '../helpers';
import { saveProfile } from '../members/members-helpers';
import { setTerm } from '../membership/terms-helpers';

const today = () => utcDate(Date.now());

async function download(as: Awaited<ReturnType<typeof createUser>>) {
  const res = await request('/api/admin/members.csv', { as });
  expect(res.status).toBe(200);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('GET /api/admin/members.csv', () => {
  it('answers text/csv with a BOM, CRLF line ends and the documented columns', async () => {
    const admin = await roles.admin();
    const grace = await createUser({ name: 'Gina Grace', type: 'Travel Host' });
    await setTerm(grace, { member_since: '2024-05-01', renews_on: addDays(today(), -3) });
    const { res, bytes } = await download(admin);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="owow-roster-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.startsWith('email,name,type,admin,member_since,renews_on,status,city,country\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(text).toContain(`\r\n${grace.email},Gina Grace,Travel Host,no,2024-05-01,${addDays(today(), -3)},grace,,\r\n`);
    expect(text).toContain(`\r\n${admin.email},${admin.name},Founding,yes,`);
  });

  it('prefixes a cell that would run as a formula with an apostrophe, and quotes what needs quoting', async () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // Quoted as well since issue 45: a cell with a tab is quoted, whatever it begins with.
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('2026-01-01')).toBe('2026-01-01');

    const admin = await roles.admin();
    const evil = await createUser({ name: '=cmd|" /C calc"!A0' });
    const plus = await createUser({ name: '@Attacker, Esq.' });
    const text = new TextDecoder().decode((await download(admin)).bytes);
    expect(text).toContain(`\r\n${evil.email},"'=cmd|"" /C calc""!A0",Standard,`);
    expect(text).toContain(`\r\n${plus.email},"'@Attacker, Esq.",Standard,`);
  });

  it('quotes a cell with a ; or a tab, and defuses every part a spreadsheet splitting on ; or tabs would make (issue 45)', async () => {
    expect(csvCell("Milan;=cmd|' /C calc'!A0")).toBe(`"Milan;'=cmd|' /C calc'!A0"`);
    expect(csvCell('Sofia Rossi;=1+1')).toBe(`"Sofia Rossi;'=1+1"`);
    expect(csvCell('Rossi; @SUM(A1)\t-2')).toBe(`"Rossi; '@SUM(A1)\t'-2"`);
    expect(csvCell('a,"=1+1"')).toBe(`"a,""'=1+1"""`);
    expect(csvCell('Milan; Lombardy')).toBe('"Milan; Lombardy"');
    expect(csvCell('+44 20 7946 0958')).toBe("'+44 20 7946 0958");

    const admin = await roles.admin();
    const sofia = await createUser({ name: 'Sofia Rossi;=1+1' });
    await saveProfile(sofia, { city: "Milan;=cmd|' /C calc'!A0" });
    const text = new TextDecoder().decode((await download(admin)).bytes);
    expect(text).toContain(`\r\n${sofia.email},"Sofia Rossi;'=1+1",Standard,no,`);
    expect(text).toContain(`,"Milan;'=cmd|' /C calc'!A0",\r\n`);
    // Excel in a locale whose list separator is ";" splits every line there (and at tabs), quotes
    // or not; no part it could make may begin a formula, nor may a part split at commas.
    for (const line of text.split('\r\n')) {
      for (const part of line.split(/[;,\t]/)) expect(part.replace(/^[\s"]*/, ''), line).not.toMatch(/^[=+\-@]/);
    }
  });

  it('streams every member across its pages, one row each', async () => {
    const admin = await roles.admin();
    const rows = Array.from({ length: ROSTER_PAGE + 20 }, (_, i) => ({
      email: `bulk${Date.now()}-${i}@export.example`,
      name: `Bulk ${i}`,
    }));
    await env.DB.prepare(
      `INSERT INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
       SELECT json_extract(value, '$.email'), json_extract(value, '$.name'), 'Standard', 0, 'x', 0, ?1, ?1 FROM json_each(?2)`,
    )
      .bind(Date.now(), JSON.stringify(rows))
      .run();
    const { count } = (await env.DB.prepare('SELECT count(*) AS count FROM users').first<{ count: number }>())!;
    const text = new TextDecoder().decode((await download(admin)).bytes);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(count + 1);
    expect(new Set(lines).size).toBe(lines.length);
    for (const r of [rows[0]!, rows[ROSTER_PAGE]!, rows.at(-1)!]) expect(text).toContain(`\r\n${r.email},${r.name},Standard,no,`);
  });

  it('imports again: its admin and status columns are listed and ignored, its members exist', async () => {
    const admin = await roles.admin();
    const { bytes } = await download(admin);
    const form = new FormData();
    form.set('file', new File([bytes], 'roster.csv', { type: 'text/csv' }));
    const res = await request('/api/admin/imports?dry_run=1', { method: 'POST', body: form, as: admin });
    expect(res.status).toBe(200);
    const p = await res.json<{ counts: Record<string, number>; unknown_columns: string[] }>();
    expect(p.unknown_columns).toEqual(['admin', 'status']);
    expect(p.counts.new).toBe(0);
    expect(p.counts.exists).toBeGreaterThan(0);
  });

  it('is for admins only: a member 403, a visitor 401', async () => {
    expect((await request('/api/admin/members.csv', { as: await roles.standard() })).status).toBe(403);
    expect((await request('/api/admin/members.csv')).status).toBe(401);
  });
});
