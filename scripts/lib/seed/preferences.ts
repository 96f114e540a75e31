// The demo's language and appearance choices (issue 41), made in Settings > Preferences through the
// same service: Olivia reads the club in French (her pages and her emails), Mei in the dark. Olivia,
// not a member the browser tests sign in as: their English texts would turn French as the catalogs
// grow (and a device keeps her language in its lang cookie for the next member who signs in there).
import { PreferencesUpdateSchema } from '../../../src/shared/schemas/preferences';
import { updatePreferences } from '../../../src/worker/modules/account/preferences';
import type { Seed } from './context';
import type { DemoEmail } from './members';

export const DEMO_PREFERENCES: { who: DemoEmail | 'olivia@club.example'; choose: { language?: 'fr'; theme?: 'dark' } }[] = [
  { who: 'olivia@club.example', choose: { language: 'fr' } },
  { who: 'mei@club.example', choose: { theme: 'dark' } },
];

export async function seedPreferences(seed: Seed): Promise<void> {
  for (const { who, choose } of DEMO_PREFERENCES) {
    await updatePreferences(seed.at(seed.when(-7)), await seed.member(who), {}, PreferencesUpdateSchema.parse(choose));
  }
}
