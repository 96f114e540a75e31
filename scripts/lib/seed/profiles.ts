// The demo's member profiles (issue 22), so `npm start` shows a living directory: each member fills
// in Settings > Profile through the members service as she would (updateMyProfile), some keep a
// field or two to the admins, Priya stays out of the directory, and most upload a photo (a large
// and a small WebP, square-cropped as the browser sends them, committed under seed/images/members/
// and checked by the same pipeline as every upload). The others show their initials.
import { UpdateProfileInputSchema, type UpdateProfileInput } from '../../../src/shared/schemas/members';
import { uploadProfilePhoto } from '../../../src/worker/modules/members/photos';
import { updateMyProfile } from '../../../src/worker/modules/members/profiles';
import type { Seed } from './context';
import type { DemoEmail } from './members';
import type { TERM_DEMO_MEMBERS } from './membership-terms';

export interface DemoProfile {
  /** The demo admin (seed options' adminEmail) or a demo member (Lena, lapsed, keeps no profile). */
  who: 'admin' | DemoEmail | Exclude<(typeof TERM_DEMO_MEMBERS)[number]['email'], 'lena@club.example'>;
  /** seed/images/members/{photo}-512.webp and -128.webp; none: her initials. */
  photo?: string;
  /** As Settings > Profile sends it: `visibility` names only what differs from the defaults (email and phone kept to admins). */
  profile: UpdateProfileInput;
}

export const DEMO_PROFILES: DemoProfile[] = [
  {
    who: 'admin',
    photo: 'margaret',
    profile: {
      title: 'Chair',
      company: 'Ellison & Co',
      city: 'London',
      country: 'GB',
      industry: 'Consulting',
      interests: ['Book reading', 'Writing', 'Travel'],
      bio: 'I chair the club and look after its membership.\nWrite to me about anything the club could do better.',
      links: { linkedin: 'https://www.linkedin.com/in/margaret-ellison-demo' },
      visibility: { email: 'members' },
    },
  },
  {
    who: 'eleanor@club.example',
    photo: 'eleanor',
    profile: {
      title: 'Managing Director',
      company: 'Fintech Partners',
      city: 'Carmel',
      country: 'US',
      industry: 'Finance',
      interests: ['Tea culture', 'Art', 'Travel'],
      bio: 'Thirty years in payments, ten of them learning the tea ceremony.\nI host our garden tea afternoons in Carmel.',
      links: { linkedin: 'https://www.linkedin.com/in/eleanor-vance-demo', website: 'https://fintech-partners.example' },
    },
  },
  {
    who: 'amara@club.example',
    photo: 'amara',
    profile: {
      title: 'Chief Medical Officer',
      company: 'Lumen Health',
      city: 'Lagos',
      country: 'NG',
      industry: 'Healthcare',
      interests: ['Book reading', 'Writing', 'Meditation'],
      bio: 'Physician, reader, occasional poet. I run the book club.',
      // Her employer stays between her and the club's admins.
      visibility: { company: 'admins' },
    },
  },
  {
    who: 'sofia@club.example',
    photo: 'sofia',
    profile: {
      title: 'Architect',
      company: 'Studio Rossi',
      city: 'Milan',
      country: 'IT',
      industry: 'Real estate',
      interests: ['Art', 'Artwork exhibition', 'Food sampling'],
      bio: 'I design small buildings and paint large canvases.',
      links: { website: 'https://studio-rossi.example' },
      visibility: { phone: 'members' },
    },
  },
  {
    who: 'mei@club.example',
    photo: 'mei',
    profile: {
      title: 'Head of Product',
      company: 'Harbour Fintech',
      city: 'Hong Kong',
      country: 'HK',
      industry: 'Technology',
      interests: ['Tea culture', 'Meditation', 'Video/movie viewing'],
      bio: 'Building banking apps by day; looking for the best oolong in Sheung Wan by night.',
      visibility: { city: 'admins' },
    },
  },
  {
    who: 'priya@club.example',
    profile: {
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
  },
  {
    who: 'claire@club.example',
    photo: 'claire',
    profile: {
      title: 'Founder',
      company: 'Maison Dubois',
      city: 'Paris',
      country: 'FR',
      industry: 'Hospitality',
      interests: ['Travel', 'Gardening', 'Tea/wine tasting'],
      bio: 'I open my ocean house on Maui to members every spring.\nAsk me about Burgundy.',
      links: { website: 'https://maison-dubois.example' },
    },
  },
  {
    who: 'hana@club.example',
    profile: {
      title: 'Creative Director',
      company: 'Sato Studio',
      city: 'Tokyo',
      country: 'JP',
      industry: 'Media',
      interests: ['Art', 'Video/movie viewing', 'Travel'],
      bio: 'Films, ceramics and a small apartment near Daikanyama that members are welcome to.',
      visibility: { bio: 'admins', interests: 'admins' },
    },
  },
  {
    who: 'nadia@club.example',
    profile: {
      title: 'Chef and Owner',
      company: 'Sumac Supper Club',
      city: 'Beirut',
      country: 'LB',
      industry: 'Hospitality',
      interests: ['Food sampling', 'Tea/wine tasting', 'Gardening'],
      bio: 'Sunday suppers for twenty, herbs from the roof garden.',
      links: { website: 'https://sumac-supper.example' },
    },
  },
  {
    who: 'olivia@club.example',
    photo: 'olivia',
    profile: {
      title: 'Director',
      company: 'The Salon Trust',
      city: 'Edinburgh',
      country: 'GB',
      industry: 'Non-profit',
      interests: ['Performance Arts', 'Book reading', 'Writing'],
      bio: 'I run the salon evenings: a reading, a performance, a long table.',
    },
  },
];

/** Her photo as Settings > Profile uploads it: the 512 px crop in `photo`, the 128 px one in `photo_small`. */
async function uploadDemoPhoto(seed: Seed, email: string, time: number, name: string): Promise<void> {
  const photo = seed.file(`images/members/${name}-512.webp`, 'image/webp');
  const small = seed.file(`images/members/${name}-128.webp`, 'image/webp');
  await uploadProfilePhoto(seed.at(time), await seed.member(email), {
    contentLength: photo.size + small.size,
    read: async () => ({ photo, small }),
  });
}

export async function seedProfiles(seed: Seed): Promise<void> {
  for (const [n, p] of DEMO_PROFILES.entries()) {
    const email = p.who === 'admin' ? seed.opts.adminEmail : p.who;
    const time = seed.when(-30 + n);
    await updateMyProfile(seed.at(time), await seed.member(email), UpdateProfileInputSchema.parse(p.profile));
    if (p.photo) await uploadDemoPhoto(seed, email, time + 60_000, p.photo);
  }
}
