// Backups of one club (issue 44, docs/operations.md "Backups"): the D1 database as SQL (wrangler d1
// export), every R2 object with its metadata, and a manifest with counts and checksums, written
// to one dated folder; and loading such a folder into an empty database and bucket. The same code
// serves the local state (`wrangler dev`'s) and the deployed club (--remote).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { getPlatformProxy } from 'wrangler';
import { openMessageBody } from '../../src/worker/modules/mail/message-body';
import { buildVersion } from './build-version';
import type { ProductionSettings } from './production-config';
import { renderProductionConfig, SAMPLE_SETTINGS } from './production-config';
import { codeMigrations, migrationsSql } from './migrations-sql';
import { ROOT, sqlText, wrangler } from './wrangler';

export const MANIFEST = 'manifest.json';
export const D1_FILE = 'd1.sql';
export const OBJECTS_DIR = 'r2';
export const OBJECTS_INDEX = 'r2-objects.jsonl';

/** Where a backup is read from or restored to. */
export type Place =
  | { remote: false; persistDir: string }
  | { remote: true; settings: ProductionSettings; /** The bucket's name (a restore makes a new one). */ bucket?: string };

export interface TableSum {
  rows: number;
  sha256: string;
}

export interface ObjectEntry {
  key: string;
  size: number;
  sha256: string;
  httpMetadata: R2HTTPMetadata;
  customMetadata: Record<string, string>;
  uploaded: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  source: 'local' | 'remote';
  /** The code that made it (scripts/lib/build-version.ts's line). */
  codeVersion: string;
  /** The migrations the database had (d1_migrations): its schema. */
  migrations: string[];
  d1: {
    file: string;
    bytes: number;
    sha256: string;
    tables: Record<string, TableSum>;
    /** Each AUTOINCREMENT table's last id given (sqlite_sequence): restored, so no id is given twice. */
    sequences: Record<string, number>;
  };
  r2: { objects: number; bytes: number; sha256: string };
  seconds: number;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

// ------------------------------------------------------------------ where wrangler reads from

/**
 * A config for wrangler in a folder of its own: `wrangler d1 export --local` has no --persist-to
 * and reads `<the config's folder>/.wrangler/state`, so that is made a link to the state wanted.
 * Remote, it is the production config (of `settings`); `migrationsDir` replaces the migrations.
 */
function placeConfig(place: Place, opts: { migrationsDir?: string } = {}): { config: string; args: string[]; dispose: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'owow-backup-'));
  const settings = place.remote ? place.settings : SAMPLE_SETTINGS;
  const config = renderProductionConfig(settings, path.join(dir, 'wrangler.json'), {
    assetsDir: path.join(dir, 'no-assets'),
    migrationsDir: opts.migrationsDir,
    bucket: place.remote ? place.bucket : undefined,
    remoteR2: place.remote,
    localIds: !place.remote,
  });
  mkdirSync(path.join(dir, 'no-assets'));
  if (!place.remote) {
    mkdirSync(path.join(dir, '.wrangler'));
    mkdirSync(place.persistDir, { recursive: true });
    symlinkSync(place.persistDir, path.join(dir, '.wrangler', 'state'));
  }
  const args = place.remote ? ['--remote', '--config', config] : ['--local', '--config', config];
  return { config, args, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The results of SQL statements run in one `wrangler d1 execute` (one result list per statement). */
export function d1Json(place: Place, sql: string): Record<string, unknown>[][] {
  const where = placeConfig(place);
  try {
    const out = wrangler(['d1', 'execute', 'DB', ...where.args, '--json', '--command', sql], { quiet: true });
    return (JSON.parse(out.slice(out.indexOf('['))) as { results: Record<string, unknown>[] }[]).map((r) => r.results);
  } finally {
    where.dispose();
  }
}

// ------------------------------------------------------------------ D1

export interface D1Shape {
  /** The migrations the database had (d1_migrations): its schema. */
  migrations: string[];
  /**
   * The tables a backup holds: every table but the full-text index and its shadow tables (derived
   * from the members' rows, rebuilt by their triggers as a restore loads them; `wrangler d1 export`
   * refuses a database with one, ADR 0021), D1's own, and d1_migrations (a restore applies the
   * same migrations, which write it). sqlite_sequence is not a table of rows here (loading rows
   * writes it too): its values are the `sequences`.
   */
  tables: string[];
  /** sqlite_sequence but d1_migrations' (the migrations a restore applies write that one). */
  sequences: Record<string, number>;
}

/** One round trip: the migrations applied and the tables to back up. */
export function d1Shape(place: Place): D1Shape {
  const [migrations, tables, sequences] = d1Json(
    place,
    "SELECT name FROM d1_migrations ORDER BY id; SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY rowid; SELECT name, seq FROM sqlite_sequence WHERE name <> 'd1_migrations' ORDER BY name",
  ) as [{ name: string }[], { name: string; sql: string | null }[], { name: string; seq: number }[]];
  const virtual = tables.filter((r) => r.sql?.startsWith('CREATE VIRTUAL TABLE')).map((r) => r.name);
  return {
    migrations: migrations.map((r) => r.name),
    tables: tables
      .map((r) => r.name)
      .filter(
        (name) =>
          !virtual.includes(name) &&
          !virtual.some((v) => name.startsWith(`${v}_`)) &&
          !name.startsWith('_cf_') &&
          !name.startsWith('sqlite_') &&
          name !== 'd1_migrations',
      ),
    sequences: Object.fromEntries(sequences.map((r) => [r.name, r.seq])),
  };
}

/** SQL that sets sqlite_sequence to `sequences` (after the rows loaded, which wrote their own values). */
function sequencesSql(sequences: Record<string, number>): string {
  const values = Object.entries(sequences).map(([name, seq]) => `(${sqlText(name)}, ${Number(seq)})`);
  if (values.length === 0) return '';
  return `DELETE FROM sqlite_sequence WHERE name <> 'd1_migrations';\nINSERT INTO sqlite_sequence (name, seq) VALUES ${values.join(', ')};\n`;
}

/**
 * `wrangler d1 export --no-schema` of `tables`' rows into `file`. Not the schema: an export of
 * chosen tables has their CREATE TABLE but neither their indexes nor their triggers, so the
 * schema is the migrations the manifest names, which a restore applies before loading the rows.
 */
export function exportD1(place: Place, tables: string[], file: string): void {
  const where = placeConfig(place);
  try {
    wrangler(['d1', 'export', 'DB', ...where.args, '--no-schema', ...tables.flatMap((t) => ['--table', t]), '--output', file], {
      quiet: true,
    });
  } finally {
    where.dispose();
  }
}

/** An in-memory SQLite on the schema of `migrations` (this checkout's files of those names). */
function schemaDb(migrations: string[]): DatabaseSync {
  const db = new DatabaseSync(':memory:', { enableForeignKeyConstraints: false });
  for (const name of migrations) db.exec(readFileSync(path.join(ROOT, 'migrations', name), 'utf8'));
  // Migrations that rebuild a table turn the checks back on; rows are summed, not checked.
  db.exec('PRAGMA foreign_keys = OFF');
  return db;
}

interface Trigger {
  name: string;
  sql: string;
}

/**
 * The triggers of `db`'s schema that write tables a backup holds: Insights' activity summaries
 * (migration 0031: a participation, a comment, a message… records its member's quarter hour and
 * month) and a new member's term dates (0015). The backup already has what they wrote, so they are
 * off while its rows load: on, a participation's row would write its member's month before that
 * month's own row arrives (a UNIQUE conflict), and a row would no longer be as backed up. The
 * search index's triggers stay on: that index is not in a backup, they rebuild it as rows load.
 */
function triggersToPause(db: DatabaseSync): Trigger[] {
  const virtual = (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").all() as { name: string }[]
  ).map((r) => r.name);
  const triggers = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY rowid").all() as unknown as Trigger[];
  return triggers.filter((t) => !virtual.some((v) => new RegExp(`\\b(INTO|FROM)\\s+[\`"]?${v}\\b`, 'i').test(t.sql)));
}

/**
 * The SQL that loads an export's rows (`rowsSql`) into a database on its migrations' schema: the
 * triggers of triggersToPause dropped, the rows, the same triggers made again.
 */
function rowsLoadSql(triggers: Trigger[], rowsSql: string): string {
  const id = (name: string) => `"${name.replace(/"/g, '""')}"`;
  return [...triggers.map((t) => `DROP TRIGGER ${id(t.name)};`), rowsSql, ...triggers.map((t) => `${t.sql};`)].join('\n');
}

/**
 * An export's rows in an in-memory SQLite, on the schema of `migrations` and loaded as a restore
 * loads them: what the sums are computed from, the same way for a backup and for a restore.
 */
function loadExport(sqlFile: string, migrations: string[]): DatabaseSync {
  const db = schemaDb(migrations);
  db.exec(rowsLoadSql(triggersToPause(db), readFileSync(sqlFile, 'utf8')));
  return db;
}

/**
 * Each table's row count and checksum, from an export: each row as JSON (blobs as hex), sorted,
 * hashed. Two exports of the same rows give the same sums, whatever the order of the rows.
 */
export function tableSums(sqlFile: string, migrations: string[], tables: string[]): Record<string, TableSum> {
  const db = loadExport(sqlFile, migrations);
  try {
    const sums: Record<string, TableSum> = {};
    for (const name of [...tables].sort()) {
      const rows = db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all() as Record<string, unknown>[];
      const lines = rows
        .map((row) =>
          JSON.stringify(Object.entries(row).map(([k, v]) => [k, v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v])),
        )
        .sort();
      sums[name] = { rows: rows.length, sha256: sha256(lines.join('\n')) };
    }
    return sums;
  } finally {
    db.close();
  }
}

/** The first sealed email body of an export, for the data key's check (null when there is none). */
export function firstSealedBody(sqlFile: string, migrations: string[]): string | null {
  const db = loadExport(sqlFile, migrations);
  try {
    const row = db.prepare('SELECT body FROM email_messages WHERE body IS NOT NULL ORDER BY id LIMIT 1').get() as
      { body: string } | undefined;
    return row?.body ?? null;
  } finally {
    db.close();
  }
}

/** Applies exactly `migrations` (a backup's schema) with `wrangler d1 migrations apply` (the deployed club's way). */
function applyMigrations(place: Place, migrations: string[]): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'owow-migrations-'));
  try {
    for (const name of migrations) cpSync(path.join(ROOT, 'migrations', name), path.join(dir, name));
    const where = placeConfig(place, { migrationsDir: dir });
    try {
      wrangler(['d1', 'migrations', 'apply', 'DB', ...where.args], { quiet: true });
    } finally {
      where.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Loads a backup's D1 into an empty database: the schema of its migrations, its rows (with the
 * triggers of triggersToPause off), its last ids.
 * Remote: the migrations as deploy applies them, then one file of the rows and the last ids.
 * Local: one file of all three (one workerd instead of one per migration).
 */
function loadD1(place: Place, folder: string, manifest: Manifest): void {
  if (place.remote) applyMigrations(place, manifest.migrations);
  const tmp = mkdtempSync(path.join(tmpdir(), 'owow-load-'));
  const where = placeConfig(place);
  try {
    const file = path.join(tmp, 'load.sql');
    const schema = schemaDb(manifest.migrations);
    let rows: string;
    try {
      rows = rowsLoadSql(triggersToPause(schema), readFileSync(path.join(folder, manifest.d1.file), 'utf8'));
    } finally {
      schema.close();
    }
    writeFileSync(file, `${place.remote ? '' : migrationsSql(manifest.migrations)}${rows}\n${sequencesSql(manifest.d1.sequences)}`);
    wrangler(['d1', 'execute', 'DB', ...where.args, ...(place.remote ? ['--yes'] : []), '--file', file], { quiet: true });
  } finally {
    where.dispose();
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ R2

/**
 * The R2 bucket of `place`, through wrangler's platform proxy (remote: the deployed bucket), from a
 * config of that one binding: nothing else of the Worker is started.
 */
export async function openBucket(place: Place): Promise<{ bucket: R2Bucket; dispose: () => Promise<void> }> {
  const where = placeConfig(place);
  const full = JSON.parse(readFileSync(where.config, 'utf8')) as Record<string, unknown>;
  const only = {
    name: full.name,
    compatibility_date: full.compatibility_date,
    compatibility_flags: full.compatibility_flags,
    r2_buckets: full.r2_buckets,
  };
  writeFileSync(where.config, JSON.stringify(only, null, 2));
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = 'warn';
  try {
    const proxy = await getPlatformProxy<{ IMAGES: R2Bucket }>({
      configPath: where.config,
      ...(place.remote ? { remoteBindings: true } : { persist: { path: path.join(place.persistDir, 'v3') }, remoteBindings: false }),
    });
    return {
      bucket: proxy.env.IMAGES,
      dispose: async () => {
        await proxy.dispose();
        where.dispose();
      },
    };
  } catch (err) {
    where.dispose();
    throw err;
  } finally {
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
  }
}

/** Where an object's bytes sit in a backup (keys are the app's random names, e.g. img/….webp). */
function objectPath(folder: string, key: string): string {
  const file = path.join(folder, OBJECTS_DIR, key);
  if (!file.startsWith(path.join(folder, OBJECTS_DIR) + path.sep)) throw new Error(`An object key that leaves the folder: ${key}`);
  return file;
}

/** Every object of the bucket, its bytes under r2/ and its metadata in r2-objects.jsonl. */
export async function backupObjects(bucket: R2Bucket, folder: string): Promise<ObjectEntry[]> {
  const entries: ObjectEntry[] = [];
  for (let cursor: string | undefined; ;) {
    const page = await bucket.list({ cursor, include: ['httpMetadata', 'customMetadata'] });
    for (const listed of page.objects) {
      const object = await bucket.get(listed.key);
      if (!object) continue; // deleted meanwhile
      const bytes = new Uint8Array(await object.arrayBuffer());
      const file = objectPath(folder, listed.key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, bytes);
      entries.push({
        key: listed.key,
        size: bytes.length,
        sha256: sha256(bytes),
        httpMetadata: object.httpMetadata ?? {},
        customMetadata: object.customMetadata ?? {},
        uploaded: object.uploaded.toISOString(),
      });
    }
    if (!page.truncated) break;
    cursor = page.cursor;
  }
  writeFileSync(path.join(folder, OBJECTS_INDEX), entries.map((e) => JSON.stringify(e)).join('\n') + (entries.length ? '\n' : ''));
  return entries;
}

export function readObjectIndex(folder: string): ObjectEntry[] {
  const file = path.join(folder, OBJECTS_INDEX);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ObjectEntry);
}

/** The checksum of a set of objects: their keys and bytes' checksums, in key order. */
export function objectsSum(entries: Pick<ObjectEntry, 'key' | 'sha256'>[]): string {
  return sha256(
    [...entries]
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map((e) => `${e.key} ${e.sha256}`)
      .join('\n'),
  );
}

export function readObjectBytes(folder: string, key: string): Uint8Array {
  return readFileSync(objectPath(folder, key));
}

export async function restoreObjects(bucket: R2Bucket, folder: string, entries: ObjectEntry[]): Promise<void> {
  for (const e of entries) {
    await bucket.put(e.key, readObjectBytes(folder, e.key), { httpMetadata: e.httpMetadata, customMetadata: e.customMetadata });
  }
}

/** What the bucket holds now, as a backup would list it (its objects' checksums). */
export async function bucketSums(bucket: R2Bucket): Promise<{ key: string; sha256: string; size: number }[]> {
  const out: { key: string; sha256: string; size: number }[] = [];
  for (let cursor: string | undefined; ;) {
    const page = await bucket.list({ cursor });
    for (const listed of page.objects) {
      const object = await bucket.get(listed.key);
      if (object) {
        const bytes = new Uint8Array(await object.arrayBuffer());
        out.push({ key: listed.key, sha256: sha256(bytes), size: bytes.length });
      }
    }
    if (!page.truncated) break;
    cursor = page.cursor;
  }
  return out;
}

export function fileSha256(file: string): string {
  return sha256(readFileSync(file));
}

export function folderExists(folder: string): boolean {
  return existsSync(path.join(folder, MANIFEST));
}

// ------------------------------------------------------------------ backup and restore

/** Writes one backup of `place` into `folder` (which must not exist). */
export async function backup(place: Place, folder: string): Promise<Manifest> {
  const started = Date.now();
  mkdirSync(folder, { recursive: false });
  const { migrations, tables, sequences } = d1Shape(place);
  const sqlFile = path.join(folder, D1_FILE);
  exportD1(place, tables, sqlFile);
  const { bucket, dispose } = await openBucket(place);
  let objects: ObjectEntry[];
  try {
    objects = await backupObjects(bucket, folder);
  } finally {
    await dispose();
  }
  const version = buildVersion();
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date(started).toISOString(),
    source: place.remote ? 'remote' : 'local',
    codeVersion: `${version.commit} ${version.date}`,
    migrations,
    d1: {
      file: D1_FILE,
      bytes: statSync(sqlFile).size,
      sha256: fileSha256(sqlFile),
      tables: tableSums(sqlFile, migrations, tables),
      sequences,
    },
    r2: { objects: objects.length, bytes: objects.reduce((n, o) => n + o.size, 0), sha256: objectsSum(objects) },
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function readManifest(folder: string): Manifest {
  if (!folderExists(folder)) throw new Error(`${folder} is not a backup: it has no ${MANIFEST}.`);
  return JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8')) as Manifest;
}

/**
 * Why a backup cannot be restored by this checkout, before anything is loaded: a schema newer than
 * the code (a migration this checkout does not have), or files that are not what the manifest
 * says (the SQL's checksum, each object's bytes, the objects' count and checksum).
 */
export function backupProblems(folder: string, manifest: Manifest): string[] {
  const problems: string[] = [];
  if (manifest.format !== 1) problems.push(`Unknown backup format ${String(manifest.format)}.`);
  const code = codeMigrations();
  const unknown = manifest.migrations.filter((m) => !code.includes(m));
  if (unknown.length) {
    problems.push(
      `The backup's schema is newer than this code (it has ${unknown.join(', ')}): restore it with the code that made it (${manifest.codeVersion}) or newer.`,
    );
  } else if (manifest.migrations.some((m, i) => code[i] !== m)) {
    problems.push("The backup's migrations are not a beginning of this code's: it comes from another history.");
  }
  if (fileSha256(path.join(folder, manifest.d1.file)) !== manifest.d1.sha256)
    problems.push(`${manifest.d1.file} does not match its checksum.`);
  const entries = readObjectIndex(folder);
  if (entries.length !== manifest.r2.objects || objectsSum(entries) !== manifest.r2.sha256) {
    problems.push(`${OBJECTS_INDEX} does not match the manifest's objects.`);
  }
  for (const e of entries) {
    const file = objectPath(folder, e.key);
    if (!existsSync(file) || fileSha256(file) !== e.sha256) problems.push(`The object ${e.key} is missing or altered.`);
  }
  return problems;
}

/** Whether `place` holds no table of the app's and no object: what a restore loads into. */
export async function isEmptyPlace(place: Place): Promise<{ d1: boolean; r2: boolean }> {
  const [tables] = d1Json(
    place,
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ) as [{ name: string }[]];
  const { bucket, dispose } = await openBucket(place);
  try {
    const listed = await bucket.list({ limit: 1 });
    return { d1: tables.length === 0, r2: listed.objects.length === 0 };
  } finally {
    await dispose();
  }
}

/**
 * Loads a checked backup into an empty `place`: the backup's migrations (its schema, the indexes
 * and triggers with it: the members' search index fills as the rows load), its rows, its objects
 * with their metadata; then exports the result again and compares every table's count and
 * checksum and every object's bytes with the manifest. Returns what differs (nothing: restored).
 */
export async function restore(place: Place, folder: string, manifest: Manifest): Promise<string[]> {
  loadD1(place, folder, manifest);
  const { bucket, dispose } = await openBucket(place);
  let objects: { key: string; sha256: string }[];
  try {
    await restoreObjects(bucket, folder, readObjectIndex(folder));
    objects = await bucketSums(bucket);
  } finally {
    await dispose();
  }
  const differences: string[] = [];
  const tmp = mkdtempSync(path.join(tmpdir(), 'owow-restored-'));
  try {
    const again = path.join(tmp, D1_FILE);
    const tables = Object.keys(manifest.d1.tables);
    exportD1(place, tables, again);
    const sums = tableSums(again, manifest.migrations, tables);
    const { sequences } = d1Shape(place);
    if (JSON.stringify(sequences) !== JSON.stringify(manifest.d1.sequences)) differences.push('sqlite_sequence: other last ids');
    for (const table of tables) {
      const want = manifest.d1.tables[table]!;
      const got = sums[table];
      if (got?.rows !== want.rows || got.sha256 !== want.sha256) {
        differences.push(
          `${table}: ${got?.rows ?? 0} rows restored, ${want.rows} backed up${got?.rows === want.rows ? ' (other values)' : ''}`,
        );
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  if (objects.length !== manifest.r2.objects || objectsSum(objects) !== manifest.r2.sha256) {
    differences.push(`objects: ${objects.length} restored, ${manifest.r2.objects} backed up, or other bytes`);
  }
  return differences;
}

/**
 * Whether `dataKey` opens the backup's sealed email bodies: a club restored without the key it
 * was sealed with has rows it cannot read (docs/operations.md). Null when there is none to try.
 */
export async function dataKeyOpens(folder: string, manifest: Manifest, dataKey: string): Promise<boolean | null> {
  const sealed = firstSealedBody(path.join(folder, manifest.d1.file), manifest.migrations);
  if (!sealed) return null;
  try {
    await openMessageBody({ DATA_ENCRYPTION_KEY: dataKey }, sealed);
    return true;
  } catch {
    return false;
  }
}
