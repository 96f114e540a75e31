// Who to sign in as to see what: `npm start` prints this beside the admin and the code, and README's
// seeded-data section says the same. A domain's demo content adds its line here.
import type { SeedOptions } from './options';

export interface TourStop {
  email: string;
  sees: string;
}

export function demoTour(opts: SeedOptions): TourStop[] {
  return [
    {
      email: 'priya@club.example',
      sees: 'Homes: her accepted stay shows her Ocean House’s address; 2nd on the sail’s waitlist; invited to Maui Retreat; Settings > Privacy: messages only from members she shares an event with',
    },
    {
      email: 'mei@club.example',
      sees: '1st on the waitlist of the full Harbour Sunset Sail; a guest of the invite-only Maui Retreat Week; no Message button on Priya’s page (they share no event); the club in the dark (Settings > Preferences: Dark)',
    },
    {
      email: 'claire@club.example',
      sees: 'a Travel Host: Ocean House on Maui and its stay requests; Amara asked to join her invite-only Maui Retreat Week (the bell; Invite or Decline on the event); hosts the full sail (sees its waitlist); /messages: the Travel Hosts planning a Kyoto retreat; prefers French (Settings > Preferences; <html lang="fr">, dates in French)',
    },
    {
      email: 'hana@club.example',
      sees: 'a Travel Host with two homes in Japan and a stay request to answer; the gallery’s video; /circles/tea-culture: her post with photos and comments; Sunrise Yoga she hosted: who came, who did not (Sofia), Eleanor’s feedback',
    },
    { email: 'grace@club.example', sees: 'a new Travel Host: the home drafted from her application, to complete' },
    {
      email: 'eleanor@club.example',
      sees: 'a Founding member: her Tea Ceremony has a banner, comments and an announcement; the bell: 4 unread; /messages: Amara’s conversation, 1 unread; tomorrow’s Founders’ Supper she hosts: Check in guests, five tickets to scan or tap',
    },
    {
      email: 'sofia@club.example',
      sees: 'the members directory (/members): faces, work and cities, search and filters; her profile in Settings; Settings > Privacy: she blocked Nadia; 3 no-shows: joining a full event’s waitlist tells her so, gently',
    },
    {
      email: 'amara@club.example',
      sees: 'Settings > Passkeys: two passkeys, one used to sign in today (Signed-in devices: With a passkey); /circles/writing: she hosts it, Sofia’s request to answer; her ticket for the Founders’ Supper (she co-hosts it); Members Showcase: Ceramics she hosted: who came, a walk-in, the feedback',
    },
    {
      email: 'nadia@club.example',
      sees: 'a membership in grace (Lena: lapsed; Olivia: due to renew within 30 days); /messages: her notes to Sofia look sent (the block stays silent)',
    },
    {
      email: opts.adminEmail,
      sees: 'Sent mail (a failed delivery to retry), the audit log, applications, codes, a roster import; /admin/reports: a reported message; /admin/operations: failed queue messages, one retried, one discarded; /circles: Claire’s Sailing proposal to accept or decline; User Management: Sofia’s 3 no-shows',
    },
  ];
}
