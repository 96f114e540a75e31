import { hashPassword } from '../../src/worker/platform/crypto';
import { parseTotpSecret } from '../../src/worker/modules/auth/totp';
import { slugify } from '../../src/shared/slug';
import { zonedTimeToUtc } from '../../src/shared/date-format';
import { sqlText } from './wrangler';
import { notificationSeedSql } from './seed/notifications';

export const SEED_DEFAULTS = {
  adminEmail: 'admin@club.example',
  adminPassword: 'club-admin-2026',
  adminName: 'Margaret Ellison',
  inviteCode: 'WELCOME-2026',
  demoPassword: 'club-member-2026',
  /**
   * The demo admin's TOTP secret (base32), documented in README so anyone running the demo can
   * sign in: an authenticator app, or `npx tsx scripts/totp.ts`, gives the code. Never for a real club.
   */
  adminTotpSecret: 'OWOWCLUBDEMOADMINTOTPSECRET2FA23',
};

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  adminName: string;
  inviteCode: string;
  demo: boolean;
  demoPassword: string;
  /** The seeded admin starts with 2FA on with this secret (base32); null: off (Settings sets it up). */
  adminTotpSecret: string | null;
}

/**
 * SEED_ADMIN_TOTP_SECRET when set (empty: no 2FA), else the documented demo secret when the demo
 * content is seeded, else none.
 */
function adminTotpSecretFromEnv(env: NodeJS.ProcessEnv, demo: boolean): string | null {
  const given = env.SEED_ADMIN_TOTP_SECRET;
  if (given === undefined) return demo ? SEED_DEFAULTS.adminTotpSecret : null;
  if (!given.trim()) return null;
  const secret = parseTotpSecret(given);
  if (!secret) throw new Error('SEED_ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7) of at least 16 characters.');
  return secret;
}

export function seedOptionsFromEnv(env = process.env): SeedOptions {
  const demo = env.SEED_DEMO !== '0';
  return {
    adminEmail: (env.SEED_ADMIN_EMAIL ?? SEED_DEFAULTS.adminEmail).trim().toLowerCase(),
    adminPassword: env.SEED_ADMIN_PASSWORD ?? SEED_DEFAULTS.adminPassword,
    adminName: env.SEED_ADMIN_NAME ?? SEED_DEFAULTS.adminName,
    inviteCode: env.SEED_INVITE_CODE ?? SEED_DEFAULTS.inviteCode,
    demo,
    demoPassword: env.SEED_DEMO_PASSWORD ?? SEED_DEFAULTS.demoPassword,
    adminTotpSecret: adminTotpSecretFromEnv(env, demo),
  };
}

export const DEMO_MEMBERS = [
  { name: 'Eleanor Vance', email: 'eleanor@club.example', type: 'Founding' },
  { name: 'Amara Okafor', email: 'amara@club.example', type: 'Founding' },
  { name: 'Sofia Rossi', email: 'sofia@club.example', type: 'Standard' },
  { name: 'Mei Lin', email: 'mei@club.example', type: 'Standard' },
  { name: 'Priya Raman', email: 'priya@club.example', type: 'Standard' },
  { name: 'Claire Dubois', email: 'claire@club.example', type: 'Travel Host' },
  { name: 'Hana Sato', email: 'hana@club.example', type: 'Travel Host' },
] as const;

function isoDate(daysFromToday: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysFromToday);
  return d.toISOString().slice(0, 10);
}

const DEMO_EVENTS = [
  {
    title: 'Tea Ceremony in the Garden',
    type: 'tea-party',
    days: 6,
    start: '15:00',
    end: '18:00',
    tz: 'America/Los_Angeles',
    by: 0,
    physical: true,
    city: 'Carmel',
    country: 'United States',
    state: 'California',
    location: '4th Avenue & Lincoln St',
    color: '#a7c4a0',
    description:
      'An afternoon of matcha and sencha with a tea master from Kyoto, in a quiet garden by the sea. Bring a friend from the club; tea cups provided, comfortable shoes advised.',
  },
  {
    title: 'Maui Retreat Week',
    type: 'travel',
    days: 24,
    start: '10:00',
    end: '20:00',
    tz: 'Pacific/Honolulu',
    by: 5,
    physical: true,
    city: 'Kihei',
    country: 'United States',
    state: 'Hawaii',
    location: 'Ocean House, South Kihei Rd',
    color: '#7fb8d6',
    exclusivity: 'invite-only',
    description:
      'Five slow days in a member-hosted ocean house: morning swims, long lunches and a sunset boat trip. Rooms are limited, so the host invites members in turn.',
  },
  {
    title: 'Book Club: The Remains of the Day',
    type: 'book-club',
    days: 10,
    start: '19:00',
    end: '21:00',
    tz: 'Europe/London',
    by: 1,
    physical: false,
    link: 'https://meet.example.com/owow-book-club',
    color: '#d9b38c',
    description: 'We read Ishiguro together. Come with a favourite passage.',
  },
  {
    title: 'Watercolour Morning',
    type: 'arts-crafts',
    days: 3,
    start: '09:30',
    end: '12:00',
    tz: 'America/New_York',
    by: 0,
    physical: true,
    city: 'New York',
    country: 'United States',
    state: 'New York',
    location: '22 Mercer St, Studio 4',
    color: '#e6a9b8',
    description: 'Loose florals with a botanical painter. All materials provided; no experience needed.',
  },
  {
    title: 'Wine Tasting: Natural Wines of the Loire',
    type: 'wine-tasting',
    days: 40,
    start: '18:30',
    end: '21:30',
    tz: 'Europe/Paris',
    by: 6,
    physical: true,
    city: 'Paris',
    country: 'France',
    location: '12 Rue de Bretagne',
    color: '#9c4f6a',
    description: 'Six growers, six glasses, and a sommelier who loves to talk about soil.',
  },
  {
    title: 'Sunrise Yoga & Meditation',
    type: 'yoga-meditation',
    days: -12,
    start: '06:30',
    end: '08:00',
    tz: 'Asia/Tokyo',
    by: 6,
    physical: true,
    city: 'Tokyo',
    country: 'Japan',
    location: 'Yoyogi Park, north gate',
    color: '#c6b8e0',
    description: 'A gentle flow followed by a sitting meditation as the city wakes up.',
  },
  {
    title: 'Members Showcase: Ceramics',
    type: 'art-gallery',
    days: -30,
    start: '17:00',
    end: '20:00',
    tz: 'Asia/Hong_Kong',
    by: 1,
    physical: true,
    city: 'Hong Kong',
    country: 'Hong Kong',
    location: 'PMQ, 35 Aberdeen St',
    color: '#d3d3d3',
    description: 'Three members show a year of work at the wheel. Drinks and conversation with the artists.',
  },
  {
    title: 'Charity Gala Planning Call',
    type: 'charity-fundraising',
    days: 15,
    start: '12:00',
    end: '13:00',
    tz: 'UTC',
    by: 0,
    physical: false,
    link: 'https://meet.example.com/owow-gala',
    color: '#f0c987',
    description: "We choose this year's cause and split up the work for the winter gala.",
  },
];

/** SQL that fills an empty database: the admin, the invitation code, and optional demo content. */
export async function buildSeedSql(opts: SeedOptions): Promise<string> {
  const now = Date.now();
  const lines: string[] = [];
  lines.push(
    `INSERT INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at) VALUES (${sqlText(opts.adminEmail)}, ${sqlText(opts.adminName)}, 'Founding', 1, ${sqlText(await hashPassword(opts.adminPassword))}, 0, ${now}, ${now});`,
  );
  lines.push(
    `INSERT INTO invitation_codes (code, note, expires_at, max_uses, use_count, created_by, created_at) VALUES (${sqlText(opts.inviteCode)}, 'Seeded code', NULL, NULL, 0, (SELECT id FROM users WHERE email = ${sqlText(opts.adminEmail)}), ${now});`,
  );
  if (!opts.demo) return lines.join('\n');

  const demoHash = await hashPassword(opts.demoPassword);
  for (const m of DEMO_MEMBERS) {
    lines.push(
      `INSERT INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at) VALUES (${sqlText(m.email)}, ${sqlText(m.name)}, ${sqlText(m.type)}, 0, ${sqlText(demoHash)}, 0, ${now}, ${now});`,
    );
  }
  const userId = (i: number) => `(SELECT id FROM users WHERE email = ${sqlText(DEMO_MEMBERS[i]!.email)})`;
  lines.push(
    `INSERT INTO properties (user_id, address, type, description, availability, created_at) VALUES (${userId(5)}, 'South Kihei Rd, Maui', 'House', 'Ocean house with four bedrooms and a lanai.', 'Seasonal', ${now}), (${userId(6)}, 'Daikanyama, Tokyo', 'Apartment', 'Quiet apartment near the park, two bedrooms.', 'Available Now', ${now});`,
  );

  DEMO_EVENTS.forEach((e, i) => {
    const date = isoDate(e.days);
    const startsAt = zonedTimeToUtc(date, e.start, e.tz);
    const endsAt = zonedTimeToUtc(date, e.end, e.tz);
    lines.push(
      `INSERT INTO events (slug, title, type, exclusivity, description, note, color, event_date, start_time, end_time, time_zone, starts_at, ends_at, is_physical, location, zip_code, city, state, country, virtual_link, created_by, created_at, updated_at) VALUES (${sqlText(slugify(e.title))}, ${sqlText(e.title)}, ${sqlText(e.type)}, ${sqlText(e.exclusivity ?? 'open')}, ${sqlText(e.description)}, NULL, ${sqlText(e.color)}, ${sqlText(date)}, ${sqlText(e.start)}, ${sqlText(e.end)}, ${sqlText(e.tz)}, ${startsAt}, ${endsAt}, ${e.physical ? 1 : 0}, ${sqlText(e.physical ? e.location : null)}, NULL, ${sqlText(e.physical ? e.city : null)}, ${sqlText(e.physical ? (e.state ?? null) : null)}, ${sqlText(e.physical ? e.country : null)}, ${sqlText(e.physical ? null : e.link)}, ${userId(e.by)}, ${now}, ${now});`,
    );
    const eventId = `(SELECT id FROM events WHERE slug = ${sqlText(slugify(e.title))})`;
    const participants = [e.by, (i + 2) % DEMO_MEMBERS.length, (i + 4) % DEMO_MEMBERS.length];
    for (const p of new Set(participants)) {
      lines.push(
        `INSERT OR IGNORE INTO event_participants (event_id, user_id, joined_at) VALUES (${eventId}, ${userId(p)}, ${now - i * 3600_000});`,
      );
    }
  });

  const comments = [
    { ev: 0, by: 2, text: 'I have never tried a proper tea ceremony. Counting the days!', ago: 3 * 3600_000 },
    { ev: 0, by: 3, text: 'Is there parking nearby?', ago: 40 * 60_000 },
    { ev: 0, by: 0, text: 'Yes, there is a public lot on Junipero Avenue, a two-minute walk.', ago: 2 * 60_000 },
    { ev: 2, by: 4, text: 'Halfway through the book and already in tears.', ago: 2 * 86400_000 },
    { ev: 6, by: 5, text: 'The blue glaze bowls were stunning. Thank you for sharing your work.', ago: 25 * 86400_000 },
  ];
  for (const c of comments) {
    const eventId = `(SELECT id FROM events WHERE slug = ${sqlText(slugify(DEMO_EVENTS[c.ev]!.title))})`;
    lines.push(
      `INSERT INTO comments (event_id, user_id, content, created_at) VALUES (${eventId}, ${userId(c.by)}, ${sqlText(c.text)}, ${now - c.ago});`,
    );
  }
  lines.push(
    `INSERT INTO comment_likes (comment_id, user_id, created_at) SELECT id, ${userId(1)}, ${now} FROM comments WHERE content LIKE 'Yes, there is a public lot%';`,
  );

  const apps = [
    {
      name: 'Isabel Moreno',
      email: 'isabel.moreno@example.com',
      phone: '1-4155550123',
      reason: 'I run a design studio and miss having time for painting. A friend in the club told me about the watercolour mornings.',
      interests: ['Workshops', 'Showcases'],
      availability: 'Weekends',
      type: 'Standard',
      referral: 'A friend',
    },
    {
      name: 'Grace Whitfield',
      email: 'grace.whitfield@example.com',
      phone: '44-2079460000',
      reason: 'I would love to host members at my house in the Cotswolds and travel to others.',
      interests: ['Travel', 'Shows'],
      availability: 'Flexible',
      type: 'Travel Host',
      referral: 'Conference',
      property: ['Lower Slaughter, Cotswolds', 'Cottage', 'Stone cottage with three bedrooms and a garden.', 'Seasonal'],
    },
  ];
  for (const a of apps) {
    const p = a.property ?? [null, null, null, null];
    lines.push(
      `INSERT INTO applications (invitation_code_id, full_name, email, phone, reason, interests, availability, referral, comments, membership_type, property_address, property_type, property_description, property_availability, accepted, granted_founding, created_at) VALUES ((SELECT id FROM invitation_codes WHERE code = ${sqlText(opts.inviteCode)}), ${sqlText(a.name)}, ${sqlText(a.email)}, ${sqlText(a.phone)}, ${sqlText(a.reason)}, ${sqlText(JSON.stringify(a.interests))}, ${sqlText(a.availability)}, ${sqlText(a.referral)}, NULL, ${sqlText(a.type)}, ${sqlText(p[0])}, ${sqlText(p[1])}, ${sqlText(p[2])}, ${sqlText(p[3])}, NULL, 0, ${now - 86400_000});`,
    );
  }
  lines.push(...notificationSeedSql({ now, adminEmail: opts.adminEmail }));
  return lines.join('\n');
}
