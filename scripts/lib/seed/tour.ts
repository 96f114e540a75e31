// Who to sign in as to see what: `npm start` prints this beside the admin and the code, and README's
// seeded-data section says the same. A domain's demo content adds its line here.
import type { SeedOptions } from './options';

export interface TourStop {
  email: string;
  sees: string;
}

export function demoTour(opts: SeedOptions): TourStop[] {
  return [
    { email: 'priya@club.example', sees: 'Homes: her accepted stay shows her Ocean House’s address; 2nd on the sail’s waitlist; invited to Maui Retreat' },
    { email: 'mei@club.example', sees: '1st on the waitlist of the full Harbour Sunset Sail; a guest of the invite-only Maui Retreat Week' },
    { email: 'claire@club.example', sees: 'a Travel Host: Ocean House on Maui and its stay requests; hosts the full sail (sees its waitlist)' },
    { email: 'hana@club.example', sees: 'a Travel Host with two homes in Japan and a stay request to answer; the gallery’s video' },
    { email: 'grace@club.example', sees: 'a new Travel Host: the home drafted from her application, to complete' },
    { email: 'eleanor@club.example', sees: 'a Founding member: her Tea Ceremony has a banner, comments and an announcement; the bell: 3 unread' },
    { email: 'sofia@club.example', sees: 'the members directory (/members): faces, work and cities, search and filters; her profile in Settings' },
    { email: 'amara@club.example', sees: 'Settings > Passkeys: two passkeys, one used to sign in today (Signed-in devices: With a passkey)' },
    { email: 'nadia@club.example', sees: 'a membership in grace (Lena: lapsed; Olivia: due to renew within 30 days)' },
    { email: opts.adminEmail, sees: 'Sent mail (a failed delivery to retry), the audit log, applications, codes, a roster import' },
  ];
}
