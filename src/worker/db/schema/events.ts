import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DEFAULT_EVENT_COLOR, EVENT_TYPES, EXCLUSIVITY } from '../../../shared/constants';
import { bool, createdAt } from './columns';
import { users } from './users';
import { images } from './images';
import { circles } from './circles';

export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Unique, made from the title at creation and kept when the title changes. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    type: text('type', { enum: EVENT_TYPES }).notNull().default('entertainment'),
    exclusivity: text('exclusivity', { enum: EXCLUSIVITY }).notNull().default('open'),
    description: text('description').notNull().default(''),
    note: text('note'),
    color: text('color').notNull().default(DEFAULT_EVENT_COLOR),
    /** Local calendar date (yyyy-mm-dd) and times (HH:MM) in the event's time zone. */
    eventDate: text('event_date').notNull(),
    endDate: text('end_date'),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    /** IANA zone, e.g. Europe/Paris. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** UTC instants derived from the local date, time and zone: for sorting and past/upcoming. */
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    isPhysical: bool('is_physical').notNull().default(true),
    location: text('location'),
    zipCode: text('zip_code'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    virtualLink: text('virtual_link'),
    /** How many members may take part; null: no limit. When full, Join puts the member on event_waitlist. */
    capacity: integer('capacity'),
    bannerImageId: integer('banner_image_id').references((): AnySQLiteColumn => images.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The circle it belongs to (issue 39); its exclusivity still decides who sees its details. No
     * ON DELETE here: SQLite adds a column with a plain reference, so deleting a circle first sets
     * its events' circle_id to null in the same batch (modules/circles/circles.ts).
     */
    circleId: integer('circle_id').references(() => circles.id),
    createdAt: createdAt(),
    updatedAt: integer('updated_at')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index('events_starts_idx').on(t.startsAt),
    // A circle's events in time order (its page, the calendar's circle filter).
    index('events_circle_idx').on(t.circleId, t.startsAt),
    index('events_creator_idx').on(t.createdBy),
    // The upcoming/past counts of /calendar: a walk of this index, never of the table.
    index('events_ends_idx').on(t.endsAt),
    // The longest event, at once (max of the index): the first page of upcoming events starts its
    // walk of events_starts_idx that long before now instead of at the first event ever held.
    index('events_duration_idx').on(sql`(${t.endsAt} - ${t.startsAt})`),
  ],
);

export const eventParticipants = sqliteTable(
  'event_participants',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at')
      .notNull()
      .$defaultFn(() => Date.now()),
    /** When she was checked in at the door (issue 43), null until then; undoing the check-in clears it. */
    checkedInAt: integer('checked_in_at'),
    /** She came without being on the list: the host added her at the door, beyond the capacity if need be. */
    walkIn: bool('walk_in').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    // "18 of 24 checked in", and whether an event took attendance at all (no-shows count only there).
    index('event_participants_checked_in_idx').on(t.eventId, t.checkedInAt),
    // Her events; with joined_at, her last join at once (Insights' last activity, issue 42).
    index('event_participants_user_idx').on(t.userId, t.joinedAt),
    // The joins of a period, covering (Insights' active members).
    index('event_participants_joined_idx').on(t.joinedAt, t.userId),
  ],
);

/**
 * Members waiting for a place at a full event, in order (id only grows, so the first waiting
 * member is the lowest id). A member is a participant or waiting, never both: a place that opens
 * moves the first ones over (modules/events/waitlist.ts).
 */
export const eventWaitlist = sqliteTable(
  'event_waitlist',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_waitlist_member_idx').on(t.eventId, t.userId),
    // An event's queue in order, without sorting.
    index('event_waitlist_event_idx').on(t.eventId, t.id),
    index('event_waitlist_user_idx').on(t.userId),
  ],
);

/**
 * The reminder email sent to a participant before an event: one row per member and event, written
 * before the email is queued and only if absent, so no run (nor two overlapping ones) sends twice.
 */
export const eventReminders = sqliteTable(
  'event_reminders',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_reminders_user_idx').on(t.userId)],
);

export type EventRow = typeof events.$inferSelect;
