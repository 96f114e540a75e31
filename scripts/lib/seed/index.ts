// The seed of an empty local database: the admin and the invitation code always, and with
// SEED_DEMO (the default) the demo club, one file a domain, each through the Worker's own services
// (ADR 0015). A domain's demo content is one more line here, after what its data depends on. The
// lines also follow the story where a step reads the club's state: the accounts admin.ts deletes
// are gone before mail.ts writes to all members.
import { users } from '../../../src/worker/db/schema/users';
import { seedAdmin } from './admin';
import { seedBootstrap, seedBootstrapEnd } from './bootstrap';
import { seedCheckIn } from './check-in';
import { seedCircles } from './circles';
import { openSeed } from './context';
import { seedEvents } from './events';
import { seedGallery } from './gallery';
import { seedHomes } from './homes';
import { seedInsights } from './insights';
import { seedMail } from './mail';
import { seedMembers } from './members';
import { seedMembershipTerms } from './membership-terms';
import { seedMessageReads, seedMessages } from './messages';
import { seedNotifications } from './notifications';
import { seedOperations } from './operations';
import { seedPasskeys } from './passkeys';
import type { SeedOptions } from './options';
import { seedPreferences } from './preferences';
import { seedProfiles } from './profiles';
import { seedRoster } from './roster';
import { seedInTimeOrder } from './time-order';

/** Seeds the local D1 and R2 of persistDir() if the database holds no member yet; says whether it did. */
export async function seedIfEmpty(opts: SeedOptions): Promise<boolean> {
  const { seed, dispose } = await openSeed(opts);
  try {
    const [any] = await seed.at(seed.now).db.select({ id: users.id }).from(users).limit(1);
    if (any) return false;
    console.log(`Seeding an empty database${opts.demo ? ' with demo content' : ''}…`);
    const adminTotpSecret = await seedBootstrap(seed);
    if (opts.demo) {
      await seedMembers(seed);
      await seedMembershipTerms(seed);
      await seedProfiles(seed);
      await seedPreferences(seed);
      await seedRoster(seed);
      await seedEvents(seed);
      await seedGallery(seed);
      await seedCircles(seed);
      await seedHomes(seed);
      await seedAdmin(seed, adminTotpSecret);
      await seedMail(seed);
      await seedOperations(seed);
      await seedInsights(seed);
      await seedCheckIn(seed);
      await seedPasskeys(seed);
      await seedMessages(seed);
      await seedNotifications(seed);
      await seedMessageReads(seed);
    }
    await seedBootstrapEnd(seed, adminTotpSecret);
    // The queue consumer's part: every email the story queued is sent (and recorded) as it would have been.
    await seed.deliverMail();
    // Last: the logs the app lists by id get their ids in the order of their times.
    await seedInTimeOrder(seed);
    return true;
  } finally {
    await dispose();
  }
}
