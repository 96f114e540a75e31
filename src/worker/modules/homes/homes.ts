import { and, asc, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  HOSTING_NIGHTS_MINIMUM,
  type AvailabilityWindow,
  type HideHomeInput,
  type HomeCard,
  type HomeFields,
  type HomeIdInput,
  type HomePhoto,
  type HomesPage,
  type HomeView,
  type HostingSummary,
  type ListHomesQuery,
  type MyStay,
  type UpdateHome,
} from '../../../shared/schemas/homes';
import { homeAvailability, homeImages, homes, homeStays, type HomeRow } from '../../db/schema/homes';
import { images } from '../../db/schema/images';
import { properties, users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { ensure, requireAdmin, requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import { memberPhotoSql, memberPhotoUrl } from '../members/member-refs';
import { addressVisibleSql, homePolicy, stayPolicy } from './policies';

/**
 * DECISIONS "Travel Host homes": Travel Hosts (and admins) list homes, every member browses the
 * listed ones, the exact address only reaches the host, admins and a guest whose stay was
 * accepted. The application's property becomes a draft home the first time its member opens
 * /homes/mine (draftsFromProperties), so nothing is migrated and a property is drafted once
 * (homes.property_id is unique).
 */

export const HOME_NOT_FOUND = /*i18n*/ 'Home not found.';
const notFound = () => new AppError('NOT_FOUND', HOME_NOT_FOUND);

/** Today as yyyy-mm-dd (UTC): stays and windows are calendar days. */
export const todayOf = (deps: Deps) => new Date(deps.now()).toISOString().slice(0, 10);

const photoUrl = (key: string) => `/images/${key}`;

interface PhotoRow {
  id: number;
  key: string;
  display: string | null;
  thumb: string | null;
  width: number | null;
  height: number | null;
  title: string;
  created: number;
}
const toPhoto = (p: PhotoRow): HomePhoto => ({
  id: p.id,
  url: photoUrl(p.display ?? p.key),
  thumb_url: photoUrl(p.thumb ?? p.display ?? p.key),
  width: p.width,
  height: p.height,
  title: p.title,
  uploaded_at: new Date(p.created).toISOString(),
});

async function limitWrites(deps: Deps, me: MemberActor) {
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `homes:${me.id}`);
}

/** The home's row, if the viewer may see it at all; else 404 (a draft or hidden home does not exist for her). */
export async function findVisibleHome(deps: Deps, me: MemberActor, id: number): Promise<HomeRow> {
  const [home] = await deps.db.select().from(homes).where(eq(homes.id, id)).limit(1);
  if (!home || !homePolicy.see(me, home)) throw notFound();
  return home;
}

/**
 * Drafts a home from each of the member's application properties not drafted yet: one
 * INSERT … SELECT (drizzle checks that its columns are the table's, in order), which finds
 * nothing to do once she has been here, so it can share the page's batch.
 */
function draftsFromProperties(deps: Deps, me: MemberActor) {
  const now = deps.now();
  const kind = sql`trim(${properties.type})`;
  return deps.db
    .insert(homes)
    .select((qb) =>
      qb
        .select({
          id: sql<number>`NULL`.as('id'),
          hostId: properties.userId,
          propertyId: properties.id,
          state: sql<HomeRow['state']>`'draft'`.as('state'),
          title: sql<string>`CASE WHEN ${kind} = '' THEN 'My home' ELSE ${kind} END`.as('title'),
          description: properties.description,
          city: sql<string>`''`.as('city'),
          region: sql<string>`''`.as('region'),
          country: sql<string>`''`.as('country'),
          countryKey: sql<string>`''`.as('country_key'),
          address: properties.address,
          bedrooms: sql<number>`1`.as('bedrooms'),
          maxGuests: sql<number>`1`.as('max_guests'),
          amenities: sql<string[]>`'[]'`.as('amenities'),
          houseRules: sql<string>`''`.as('house_rules'),
          hiddenBy: sql<number | null>`NULL`.as('hidden_by'),
          createdAt: sql<number>`${now}`.as('created_at'),
          updatedAt: sql<number>`${now}`.as('updated_at'),
        })
        .from(properties)
        .where(
          and(eq(properties.userId, me.id), sql`NOT EXISTS (SELECT 1 FROM "homes" AS "h" WHERE "h"."property_id" = ${properties.id})`),
        ),
    )
    .onConflictDoNothing();
}

/** One correlated subquery per card column, so a page is one statement whatever its length. */
function cardFields(today: string) {
  return {
    id: homes.id,
    state: homes.state,
    title: homes.title,
    city: homes.city,
    region: homes.region,
    country: homes.country,
    maxGuests: homes.maxGuests,
    bedrooms: homes.bedrooms,
    hostId: homes.hostId,
    hostName: users.name,
    nextAvailable: sql<string | null>`(SELECT json_object('start', "a"."start_date", 'end', "a"."end_date") FROM "home_availability" AS "a"
      WHERE "a"."home_id" = "homes"."id" AND "a"."end_date" > ${today} ORDER BY "a"."start_date" LIMIT 1)`,
    photo: sql<
      string | null
    >`(SELECT json_object('id', "i"."id", 'key', "i"."r2_key", 'display', "i"."display_key", 'thumb', "i"."thumb_key", 'width', "i"."width", 'height', "i"."height", 'title', "i"."title", 'created', "i"."created_at")
      FROM "home_images" AS "hi" JOIN "images" AS "i" ON "i"."id" = "hi"."image_id"
      WHERE "hi"."home_id" = "homes"."id" ORDER BY "hi"."position" LIMIT 1)`,
  };
}

/**
 * GET /api/homes: keyset pages (newest first by id) of listed homes, filtered by country, guests
 * and dates (a window holds the whole range and no accepted stay overlaps it). scope=mine is the
 * member's own homes in every state (drafting the application's property first, in the same
 * batch); scope=all is every home, for admins. One D1 round trip per page.
 */
export async function listHomes(deps: Deps, actor: Actor, input: ListHomesQuery): Promise<HomesPage> {
  const me = requireMember(actor);
  const scope = input.scope ?? 'browse';
  if (scope === 'all') requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n']);
  const today = todayOf(deps);

  const where: SQL[] = [];
  if (scope === 'browse') where.push(eq(homes.state, 'listed'));
  if (scope === 'mine') where.push(eq(homes.hostId, me.id));
  if (input.host) where.push(eq(homes.hostId, input.host));
  if (input.country) where.push(eq(homes.countryKey, input.country.trim().toLowerCase()));
  if (input.guests) where.push(sql`"homes"."max_guests" >= ${input.guests}`);
  if (input.from && input.to) {
    where.push(
      sql`EXISTS (SELECT 1 FROM "home_availability" AS "w" WHERE "w"."home_id" = "homes"."id" AND "w"."start_date" <= ${input.from} AND "w"."end_date" >= ${input.to})`,
    );
    where.push(
      sql`NOT EXISTS (SELECT 1 FROM "home_stays" AS "s" WHERE "s"."home_id" = "homes"."id" AND "s"."status" = 'accepted' AND "s"."start_date" < ${input.to} AND "s"."end_date" > ${input.from})`,
    );
  }
  if (after) where.push(sql`"homes"."id" < ${after[0]}`);

  const query = deps.db
    .select(cardFields(today))
    .from(homes)
    .innerJoin(users, eq(users.id, homes.hostId))
    .where(and(...where))
    .orderBy(desc(homes.id))
    .limit(size + 1);
  // Her first page of /homes/mine drafts the application's property first: the insert (which
  // finds nothing to do once drafted) and the page in one batch, so still one D1 round trip.
  const rows =
    scope === 'mine' && !input.cursor && homePolicy.create(me)
      ? (await deps.db.batch([draftsFromProperties(deps, me), query]))[1]
      : await query;
  const page = toPage(
    rows,
    size,
    (r) => [r.id],
    (r): HomeCard => ({
      id: r.id,
      state: r.state,
      title: r.title,
      city: r.city,
      region: r.region,
      country: r.country,
      max_guests: r.maxGuests,
      bedrooms: r.bedrooms,
      host: { id: r.hostId, name: r.hostName },
      next_available: r.nextAvailable ? (JSON.parse(r.nextAvailable) as AvailabilityWindow) : null,
      photo: r.photo ? toPhoto(JSON.parse(r.photo) as PhotoRow) : null,
      can_edit: homePolicy.edit(me, r),
      can_hide: homePolicy.hide(me),
    }),
  );
  return { ...page, can_create: homePolicy.create(me) };
}

/**
 * A window or a booked stay as the home's page lists it: from today on (issue 46, point 13), so
 * one that began in the past starts today and one that ended is not read at all. The editor saves
 * what it shows: a window's past days are dropped with its next save, as they can no longer be
 * asked for.
 */
function fromToday(today: string, start: SQLiteColumn, end: SQLiteColumn) {
  return { start: sql<string>`max(${start}, ${today})`, end: sql<string>`${end}` };
}

/** GET /api/homes/{id}: the home, its windows, its booked dates and photos, in one batch. */
export async function getHome(deps: Deps, actor: Actor, input: HomeIdInput): Promise<HomeView> {
  const me = requireMember(actor);
  const today = todayOf(deps);
  const [found, windows, booked, photos, mine] = await deps.db.batch([
    deps.db
      .select({
        home: homes,
        hostName: users.name,
        // Her face beside her name on the home's page (issue 22), when she shows it to the viewer.
        hostPhoto: memberPhotoSql(me, homes.hostId),
        canSeeAddress: addressVisibleSql(me).mapWith(Boolean),
      })
      .from(homes)
      .innerJoin(users, eq(users.id, homes.hostId))
      .where(eq(homes.id, input.id))
      .limit(1),
    deps.db
      .select(fromToday(today, homeAvailability.startDate, homeAvailability.endDate))
      .from(homeAvailability)
      .where(and(eq(homeAvailability.homeId, input.id), gt(homeAvailability.endDate, today)))
      .orderBy(asc(homeAvailability.startDate)),
    deps.db
      .select(fromToday(today, homeStays.startDate, homeStays.endDate))
      .from(homeStays)
      .where(and(eq(homeStays.homeId, input.id), eq(homeStays.status, 'accepted'), gt(homeStays.endDate, today)))
      .orderBy(asc(homeStays.startDate)),
    deps.db
      .select({
        id: images.id,
        key: images.r2Key,
        display: images.displayKey,
        thumb: images.thumbKey,
        width: images.width,
        height: images.height,
        title: images.title,
        created: images.createdAt,
      })
      .from(homeImages)
      .innerJoin(images, eq(images.id, homeImages.imageId))
      .where(eq(homeImages.homeId, input.id))
      .orderBy(asc(homeImages.position)),
    // Hers, not yet over: home_stays_home_idx (home, status, start) then her id.
    deps.db
      .select({
        id: homeStays.id,
        startDate: homeStays.startDate,
        endDate: homeStays.endDate,
        status: homeStays.status,
        guestId: homeStays.guestId,
        hostId: homeStays.hostId,
      })
      .from(homeStays)
      .where(
        and(
          eq(homeStays.homeId, input.id),
          inArray(homeStays.status, ['pending', 'accepted']),
          eq(homeStays.guestId, me.id),
          gte(homeStays.endDate, today),
        ),
      )
      .orderBy(asc(homeStays.startDate)),
  ]);
  const row = found[0];
  if (!row || !homePolicy.see(me, row.home)) throw notFound();
  const { home } = row;
  return {
    id: home.id,
    state: home.state,
    title: home.title,
    description: home.description,
    city: home.city,
    region: home.region,
    country: home.country,
    address: row.canSeeAddress ? home.address : null,
    bedrooms: home.bedrooms,
    max_guests: home.maxGuests,
    amenities: home.amenities,
    house_rules: home.houseRules,
    host: { id: home.hostId, name: row.hostName, photo_url: memberPhotoUrl(row.hostPhoto) },
    availability: windows,
    booked,
    photos: photos.map(toPhoto),
    from_property: home.propertyId !== null,
    my_stays: mine.map((s) => ({
      id: s.id,
      start_date: s.startDate,
      end_date: s.endDate,
      status: s.status as MyStay['status'],
      can_cancel: stayPolicy.cancel(me, s, today),
    })),
    can_edit: homePolicy.edit(me, home),
    can_delete: homePolicy.delete(me, home),
    can_request: homePolicy.request(me, home),
    can_see_address: row.canSeeAddress,
    can_hide: homePolicy.hide(me),
  };
}

/** Windows must not overlap one another: a request fits within one window. */
function checkWindows(windows: AvailabilityWindow[]) {
  const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) {
      throw new AppError('BAD_REQUEST', /*i18n*/ 'Availability windows must not overlap; join them into one.', {
        fieldErrors: { availability: ['Availability windows must not overlap; join them into one.'] },
      });
    }
  }
  return sorted;
}

/**
 * The photos must be home photos (uploaded in the home editor, context 'home') by the host, or by
 * anyone for an admin; a Gallery image stays the Gallery's.
 */
async function checkImages(deps: Deps, me: MemberActor, ids: number[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const rows = await deps.db
    .select({ id: images.id, uploadedBy: images.uploadedBy, context: images.context })
    .from(images)
    .where(inArray(images.id, unique));
  const usable = rows.filter((r) => (me.isAdmin || r.uploadedBy === me.id) && r.context === 'home');
  if (usable.length !== unique.length) throw new AppError('BAD_REQUEST', /*i18n*/ 'A photo must be one you uploaded for a home.');
}

function homeValues(fields: HomeFields, now: number) {
  return {
    title: fields.title,
    description: fields.description,
    city: fields.city,
    region: fields.region,
    country: fields.country,
    countryKey: fields.country.trim().toLowerCase(),
    address: fields.address,
    bedrooms: fields.bedrooms,
    maxGuests: fields.max_guests,
    amenities: fields.amenities,
    houseRules: fields.house_rules,
    updatedAt: now,
  };
}

/** The windows and photos of a home, replaced (the home's id as SQL, so a new home's id can be used in the same batch). */
function childWrites(deps: Deps, homeId: SQL<number> | number, fields: HomeFields, windows: AvailabilityWindow[]): BatchItem<'sqlite'>[] {
  const id = typeof homeId === 'number' ? sql<number>`${homeId}` : homeId;
  const writes: BatchItem<'sqlite'>[] = [
    deps.db.delete(homeAvailability).where(sql`"home_availability"."home_id" = ${id}`),
    deps.db.delete(homeImages).where(sql`"home_images"."home_id" = ${id}`),
  ];
  if (windows.length) {
    writes.push(deps.db.insert(homeAvailability).values(windows.map((w) => ({ homeId: id, startDate: w.start, endDate: w.end }))));
  }
  const photoIds = [...new Set(fields.image_ids)];
  if (photoIds.length) {
    writes.push(deps.db.insert(homeImages).values(photoIds.map((imageId, position) => ({ homeId: id, imageId, position }))));
  }
  return writes;
}

/** POST /api/homes: Travel Hosts and admins; the home is listed at once. */
export async function createHome(deps: Deps, actor: Actor, fields: HomeFields): Promise<HomeView> {
  const me = requireMember(actor);
  ensure(homePolicy.create(me), /*i18n*/ 'Only Travel Hosts can list a home.');
  const windows = checkWindows(fields.availability);
  await limitWrites(deps, me);
  await checkImages(deps, me, fields.image_ids);
  const now = deps.now();
  // The batch is one transaction, so her newest home inside it is the one just inserted.
  const newId = sql<number>`(SELECT max("id") FROM "homes" WHERE "host_id" = ${me.id})`;
  const [inserted] = await deps.db.batch([
    deps.db
      .insert(homes)
      .values({ hostId: me.id, state: 'listed', createdAt: now, ...homeValues(fields, now) })
      .returning({ id: homes.id }),
    ...childWrites(deps, newId, fields, windows),
  ]);
  return getHome(deps, me, { id: inserted[0]!.id });
}

/** PUT /api/homes/{id}: the host or an admin replaces the home; saving a draft lists it. */
export async function updateHome(deps: Deps, actor: Actor, input: UpdateHome): Promise<HomeView> {
  const me = requireMember(actor);
  const { id, ...fields } = input;
  const home = await findVisibleHome(deps, me, id);
  ensure(homePolicy.edit(me, home), /*i18n*/ 'Only the host or an admin can edit this home.');
  const windows = checkWindows(fields.availability);
  await limitWrites(deps, me);
  await checkImages(deps, me, fields.image_ids);
  const now = deps.now();
  const writes: BatchItem<'sqlite'>[] = [
    deps.db
      .update(homes)
      .set({ ...homeValues(fields, now), state: home.state === 'draft' ? 'listed' : home.state })
      .where(eq(homes.id, home.id)),
    ...childWrites(deps, home.id, fields, windows),
  ];
  if (home.hostId !== me.id) writes.push(auditEntry(deps, me, 'home.update', { type: 'home', id: home.id }, { title: fields.title }));
  await deps.db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return getHome(deps, me, { id: home.id });
}

/**
 * DELETE /api/homes/{id}: the host or an admin. A home with an accepted stay still to come is
 * kept (409): its guest counts on it, so the stay is cancelled first (and she is told).
 */
export async function deleteHome(deps: Deps, actor: Actor, input: HomeIdInput): Promise<{ ok: true; id: number }> {
  const me = requireMember(actor);
  const home = await findVisibleHome(deps, me, input.id);
  ensure(homePolicy.delete(me, home), /*i18n*/ 'Only the host or an admin can delete this home.');
  await limitWrites(deps, me);
  const [upcoming] = await deps.db
    .select({ id: homeStays.id })
    .from(homeStays)
    .where(and(eq(homeStays.homeId, home.id), eq(homeStays.status, 'accepted'), sql`"home_stays"."end_date" > ${todayOf(deps)}`))
    .limit(1);
  if (upcoming) throw new AppError('CONFLICT', /*i18n*/ 'This home has an accepted stay to come. Cancel it first, so the guest is told.');
  const remove = deps.db.delete(homes).where(eq(homes.id, home.id));
  if (home.hostId === me.id) await remove.run();
  else
    await deps.db.batch([
      remove,
      auditEntry(deps, me, 'home.delete', { type: 'home', id: home.id }, { title: home.title, hostId: home.hostId }),
    ]);
  return { ok: true, id: home.id };
}

/** Admins hide a home from browsing (its host still sees it, marked hidden) or list it again. */
export async function setHomeHidden(deps: Deps, actor: Actor, input: HideHomeInput): Promise<HomeView> {
  const me = requireAdmin(actor);
  const home = await findVisibleHome(deps, me, input.id);
  const state = input.hidden ? 'hidden' : home.city && home.country ? 'listed' : 'draft';
  await deps.db.batch([
    deps.db
      .update(homes)
      .set({ state, hiddenBy: input.hidden ? me.id : null, updatedAt: deps.now() })
      .where(eq(homes.id, home.id)),
    auditEntry(
      deps,
      me,
      input.hidden ? 'home.hide' : 'home.unhide',
      { type: 'home', id: home.id },
      { title: home.title, hostId: home.hostId },
    ),
  ]);
  return getHome(deps, me, { id: home.id });
}

/**
 * The host's nights of accepted stays in this calendar year (hosted or booked), against the
 * Hosting tier's minimum of one month. One statement over home_stays_host_idx.
 */
export async function hostingSummary(deps: Deps, actor: Actor): Promise<HostingSummary> {
  const me = requireMember(actor);
  const year = new Date(deps.now()).getUTCFullYear();
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const [row] = await deps.db.all<{ nights: number | null }>(sql`
    SELECT sum(julianday(min("end_date", ${to})) - julianday(max("start_date", ${from}))) AS "nights"
    FROM "home_stays"
    WHERE "host_id" = ${me.id} AND "status" = 'accepted' AND "start_date" < ${to} AND "end_date" > ${from}`);
  return { year, nightsHosted: Math.round(Number(row?.nights ?? 0)), minimum: HOSTING_NIGHTS_MINIMUM };
}
