import { integer } from 'drizzle-orm/sqlite-core';

/** Every timestamp is a Unix time in milliseconds (UTC). */
export const createdAt = () =>
  integer('created_at')
    .notNull()
    .$defaultFn(() => Date.now());
export const bool = (name: string) => integer(name, { mode: 'boolean' });
