import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { HOME_STATES, STAY_STATUSES } from '../../../shared/schemas/homes';
import { createdAt } from './columns';
import { images } from './images';
import { properties, users } from './users';

/**
 * Travel Host homes (DECISIONS "Travel Host homes"). A home is a draft until its host completes
 * it (the application's property becomes a draft on her first visit to /homes/mine), listed once
 * she saves it, hidden when an admin hides it (only the host and admins see it then).
 */
export const homes = sqliteTable(
  'homes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The application's property this home was drafted from; unique, so it is drafted once. */
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    state: text('state', { enum: HOME_STATES }).notNull().default('draft'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    country: text('country').notNull().default(''),
    /** lower(trim(country)): the browse filter compares this, served by homes_country_idx. */
    countryKey: text('country_key').notNull().default(''),
    /** The exact address: only the host, admins and a guest with an accepted stay read it. */
    address: text('address').notNull().default(''),
    bedrooms: integer('bedrooms').notNull().default(1),
    maxGuests: integer('max_guests').notNull().default(1),
    /** JSON array of HOME_AMENITIES. */
    amenities: text('amenities', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .$defaultFn(() => []),
    houseRules: text('house_rules').notNull().default(''),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    // Browse: listed homes newest first, with or without the country filter (keyset by id).
    index('homes_state_idx').on(t.state, t.id),
    index('homes_country_idx').on(t.state, t.countryKey, t.id),
    // /homes/mine.
    index('homes_host_idx').on(t.hostId, t.id),
    uniqueIndex('homes_property_idx').on(t.propertyId),
  ],
);

/** Date ranges (yyyy-mm-dd, end exclusive: the last check-out day) when the home takes guests. */
export const homeAvailability = sqliteTable(
  'home_availability',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    homeId: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
  },
  (t) => [index('home_availability_home_idx').on(t.homeId, t.startDate)],
);

/**
 * Stay requests. start_date is the check-in day, end_date the check-out day (nights = end - start).
 * host_id copies the home's host (a home never changes host) so the host's list is one index walk.
 */
export const homeStays = sqliteTable(
  'home_stays',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    homeId: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    guests: integer('guests').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: STAY_STATUSES }).notNull().default('pending'),
    /** The host's note with her answer. */
    hostMessage: text('host_message').notNull().default(''),
    decidedAt: integer('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The overlap checks: a home's stays of a status, by date.
    index('home_stays_home_idx').on(t.homeId, t.status, t.startDate),
    // GET /api/stays as guest and as host, newest first (keyset by id).
    index('home_stays_guest_idx').on(t.guestId, t.id),
    index('home_stays_host_idx').on(t.hostId, t.id),
  ],
);

/** A home's photos: images uploaded through the images pipeline, in order. */
export const homeImages = sqliteTable(
  'home_images',
  {
    homeId: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.homeId, t.imageId] }), index('home_images_image_idx').on(t.imageId)],
);

export type HomeRow = typeof homes.$inferSelect;
export type StayRow = typeof homeStays.$inferSelect;
