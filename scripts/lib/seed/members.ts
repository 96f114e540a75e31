// The demo seed's member profiles (issue 22): a living directory on `npm start`, with fields kept
// to admins (email and phone by default, and a few more) and one member out of the directory.
import type { ClubActivity, Industry, VisibilityMap } from '../../../src/shared/members';
import { sqlText } from '../wrangler';

interface DemoProfile {
  email: string;
  title: string;
  company: string;
  city: string;
  country: string;
  industry: Industry;
  interests: ClubActivity[];
  bio: string;
  linkedin?: string;
  website?: string;
  phone?: string;
  /** Only what differs from the defaults (email and phone kept to admins). */
  visibility?: Partial<VisibilityMap>;
  directory?: boolean;
}

function demoProfiles(adminEmail: string): DemoProfile[] {
  return [
    {
      email: adminEmail,
      title: 'Chair',
      company: 'Ellison & Co',
      city: 'London',
      country: 'GB',
      industry: 'Consulting',
      interests: ['Book reading', 'Writing', 'Travel'],
      bio: 'I chair the club and look after its membership.\nWrite to me about anything the club could do better.',
      linkedin: 'https://www.linkedin.com/in/margaret-ellison-demo',
      visibility: { email: 'members' },
    },
    {
      email: 'eleanor@club.example',
      title: 'Managing Director',
      company: 'Fintech Partners',
      city: 'Carmel',
      country: 'US',
      industry: 'Finance',
      interests: ['Tea culture', 'Art', 'Travel'],
      bio: 'Thirty years in payments, ten of them learning the tea ceremony.\nI host our garden tea afternoons in Carmel.',
      linkedin: 'https://www.linkedin.com/in/eleanor-vance-demo',
      website: 'https://fintech-partners.example',
      phone: '+1 831 555 0142',
    },
    {
      email: 'amara@club.example',
      title: 'Chief Medical Officer',
      company: 'Lumen Health',
      city: 'London',
      country: 'GB',
      industry: 'Healthcare',
      interests: ['Book reading', 'Writing', 'Meditation'],
      bio: 'Physician, reader, occasional poet. I run the book club.',
      phone: '+44 20 7946 0958',
      // Her employer stays between her and the club's admins.
      visibility: { company: 'admins' },
    },
    {
      email: 'sofia@club.example',
      title: 'Architect',
      company: 'Studio Rossi',
      city: 'Milan',
      country: 'IT',
      industry: 'Real estate',
      interests: ['Art', 'Artwork exhibition', 'Food sampling'],
      bio: 'I design small buildings and paint large canvases.',
      website: 'https://studio-rossi.example',
      phone: '+39 02 5555 0199',
      visibility: { phone: 'members' },
    },
    {
      email: 'mei@club.example',
      title: 'Head of Product',
      company: 'Harbour Fintech',
      city: 'Hong Kong',
      country: 'HK',
      industry: 'Technology',
      interests: ['Tea culture', 'Meditation', 'Video/movie viewing'],
      bio: 'Building banking apps by day; looking for the best oolong in Sheung Wan by night.',
      visibility: { city: 'admins' },
    },
    {
      email: 'priya@club.example',
      title: 'Partner',
      company: 'Raman & Iyer LLP',
      city: 'Singapore',
      country: 'SG',
      industry: 'Law',
      interests: ['Performance Arts', 'Writing'],
      bio: 'Arbitration lawyer and amateur cellist.',
      // Out of the directory: members see her name (where she took part) and nothing more.
      directory: false,
    },
    {
      email: 'claire@club.example',
      title: 'Founder',
      company: 'Maison Dubois',
      city: 'Paris',
      country: 'FR',
      industry: 'Hospitality',
      interests: ['Travel', 'Gardening', 'Tea/wine tasting'],
      bio: 'I open my ocean house on Maui to members every spring.\nAsk me about Burgundy.',
      website: 'https://maison-dubois.example',
      phone: '+33 1 55 55 01 23',
    },
    {
      email: 'hana@club.example',
      title: 'Creative Director',
      company: 'Sato Studio',
      city: 'Tokyo',
      country: 'JP',
      industry: 'Media',
      interests: ['Art', 'Video/movie viewing', 'Travel'],
      bio: 'Films, ceramics and a small apartment near Daikanyama that members are welcome to.',
      visibility: { bio: 'admins', interests: 'admins' },
    },
  ];
}

/** INSERTs of the demo profiles (after the users they belong to); the search index follows by its triggers. */
export function demoProfilesSql(adminEmail: string, now: number): string[] {
  return demoProfiles(adminEmail).map(
    (p) =>
      `INSERT INTO member_profiles (user_id, title, company, city, country, industry, interests, bio, linkedin, website, phone, visibility, directory, updated_at) SELECT id, ${sqlText(p.title)}, ${sqlText(p.company)}, ${sqlText(p.city)}, ${sqlText(p.country)}, ${sqlText(p.industry)}, ${sqlText(JSON.stringify(p.interests))}, ${sqlText(p.bio)}, ${sqlText(p.linkedin ?? '')}, ${sqlText(p.website ?? '')}, ${sqlText(p.phone ?? '')}, ${sqlText(JSON.stringify(p.visibility ?? {}))}, ${p.directory === false ? 0 : 1}, ${now} FROM users WHERE email = ${sqlText(p.email)};`,
  );
}
