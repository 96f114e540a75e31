// Travel Host homes (issue 16) through the homes services: each demo Travel Host completes the
// home drafted from her application's property (photos, house rules, availability over the coming
// months), Hana lists a second one, and members ask for stays that the hosts accept or decline.
// The newest Travel Host (Grace, members.ts) has not completed hers yet: it stays a draft.
import { HomeFieldsSchema, RequestStayInputSchema, type HomeFieldsInput } from '../../../src/shared/schemas/homes';
import { createHome, listHomes, updateHome } from '../../../src/worker/modules/homes/homes';
import { requestStay, updateStay } from '../../../src/worker/modules/homes/stays';
import type { Seed } from './context';
import { uploadPhoto } from './gallery';
import type { DemoEmail } from './members';

interface DemoHome {
  host: DemoEmail;
  /** Completed from her application's property (the draft /homes/mine made of it), or listed new. */
  fromProperty: boolean;
  listedDaysAgo: number;
  /** seed/images/ files, in order; the first is the card's photo. */
  photos: { file: string; title: string }[];
  /** Windows as [from, to) in days from today. */
  windows: [number, number][];
  fields: Omit<HomeFieldsInput, 'availability' | 'image_ids'>;
}

export const DEMO_HOMES: DemoHome[] = [
  {
    host: 'claire@club.example',
    fromProperty: true,
    listedDaysAgo: 280,
    photos: [
      { file: 'ocean-house-lanai', title: 'The lanai at noon' },
      { file: 'ocean-house-bedroom', title: 'The sea bedroom' },
      { file: 'ocean-house', title: 'The house from the beach' },
    ],
    windows: [
      [-60, -20],
      [14, 75],
      [100, 160],
    ],
    fields: {
      title: 'Ocean House on Maui',
      description:
        'A wooden house on the south shore with four bedrooms, a lanai facing the sea and a path down to a quiet beach. Snorkels, boards and beach chairs are in the shed; the farmers market is a short drive away.',
      city: 'Kihei',
      region: 'Hawaii',
      country: 'United States',
      address: 'South Kihei Rd, Maui',
      bedrooms: 4,
      max_guests: 6,
      amenities: ['Wi-Fi', 'Kitchen', 'Washing machine', 'Air conditioning', 'Parking', 'Garden'],
      house_rules: 'Shoes off inside, please. Quiet after 10 pm. Rinse the sand off at the outdoor shower before coming in.',
    },
  },
  {
    host: 'hana@club.example',
    fromProperty: true,
    listedDaysAgo: 240,
    photos: [
      { file: 'daikanyama-living', title: 'Living room over the park' },
      { file: 'daikanyama-street', title: 'The street at dusk' },
    ],
    windows: [
      [7, 40],
      [41, 90],
    ],
    fields: {
      title: 'Daikanyama Garden Apartment',
      description:
        'A quiet two-bedroom apartment on a leafy street in Daikanyama, ten minutes on foot from Shibuya. Big windows over the park, a low table for long breakfasts, bookshops and coffee on every corner.',
      city: 'Tokyo',
      region: 'Shibuya',
      country: 'Japan',
      address: 'Daikanyama, Tokyo',
      bedrooms: 2,
      max_guests: 3,
      amenities: ['Wi-Fi', 'Kitchen', 'Washing machine', 'Air conditioning', 'Heating', 'Workspace', 'Elevator'],
      house_rules: 'No smoking. Rubbish is sorted (the guide is on the fridge). Please take your shoes off at the genkan.',
    },
  },
  {
    host: 'hana@club.example',
    fromProperty: false,
    listedDaysAgo: 90,
    photos: [
      { file: 'kyoto-machiya-front', title: 'The machiya from the lane' },
      { file: 'kyoto-machiya-garden', title: 'The courtyard garden in autumn' },
    ],
    windows: [
      [-45, -30],
      [20, 50],
      [120, 180],
    ],
    fields: {
      title: 'Kyoto Machiya Townhouse',
      description:
        'A restored wooden townhouse in a lane near the Kamo river, with tatami rooms, a cedar bath and a small courtyard garden that turns red in November.',
      city: 'Kyoto',
      region: 'Kyoto',
      country: 'Japan',
      address: 'Tominokoji-dori, Nakagyo-ku, Kyoto',
      bedrooms: 2,
      max_guests: 4,
      amenities: ['Wi-Fi', 'Kitchen', 'Heating', 'Garden', 'Workspace'],
      house_rules: 'The cedar bath is for soaking after a shower. The lane is quiet at night: please keep it so.',
    },
  },
];

interface DemoStay {
  home: string;
  guest: DemoEmail;
  /** [check-in, check-out) in days from today. */
  dates: [number, number];
  guests: number;
  message: string;
  requestedDaysAgo: number;
  answer?: { status: 'accepted' | 'declined'; daysAgo: number; message: string };
}

const DEMO_STAYS: DemoStay[] = [
  // Taken already: the nights Hosting counts for Claire this year.
  {
    home: 'Ocean House on Maui',
    guest: 'eleanor@club.example',
    dates: [-50, -43],
    guests: 2,
    message: 'A week of sea and nothing else, with my sister.',
    requestedDaysAgo: 80,
    answer: { status: 'accepted', daysAgo: 79, message: 'Wonderful. The key box code comes the day before.' },
  },
  {
    home: 'Kyoto Machiya Townhouse',
    guest: 'amara@club.example',
    dates: [-40, -35],
    guests: 1,
    message: 'I am in Kyoto for the pottery fair and would love the quiet of your house.',
    requestedDaysAgo: 70,
    answer: { status: 'accepted', daysAgo: 69, message: 'The fair is a ten-minute walk. Enjoy it!' },
  },
  // Accepted: Priya sees the exact address on the home and on her stay.
  {
    home: 'Ocean House on Maui',
    guest: 'priya@club.example',
    dates: [30, 36],
    guests: 2,
    message: 'Two of us, quiet travellers, hoping to see the whales.',
    requestedDaysAgo: 12,
    answer: { status: 'accepted', daysAgo: 11, message: 'They should be passing by then. The snorkels are in the shed.' },
  },
  // Declined.
  {
    home: 'Ocean House on Maui',
    guest: 'mei@club.example',
    dates: [60, 65],
    guests: 3,
    message: 'A painting retreat for three: we would set up on the lanai.',
    requestedDaysAgo: 9,
    answer: { status: 'declined', daysAgo: 8, message: 'My family is there that week, I am sorry. Try the spring?' },
  },
  // Pending: waiting for Hana.
  {
    home: 'Daikanyama Garden Apartment',
    guest: 'sofia@club.example',
    dates: [45, 49],
    guests: 2,
    message: 'My first time in Tokyo! Four nights, two of us.',
    requestedDaysAgo: 2,
  },
];

/** Her photos of a home, through the upload service as the home editor sends them (context 'home'). */
async function uploadHomePhotos(seed: Seed, home: DemoHome, time: number): Promise<number[]> {
  const ids: number[] = [];
  for (const [n, photo] of home.photos.entries()) {
    const image = await uploadPhoto(seed, home.host, time + n * 60_000, photo.file, { title: photo.title, context: 'home' });
    ids.push(image.id);
  }
  return ids;
}

async function listHome(seed: Seed, home: DemoHome): Promise<void> {
  const time = seed.when(-home.listedDaysAgo);
  const host = await seed.member(home.host);
  const availability = home.windows.map(([from, to]) => ({ start: seed.date(from), end: seed.date(to) }));
  const imageIds = await uploadHomePhotos(seed, home, time);
  const fields = HomeFieldsSchema.parse({ ...home.fields, availability, image_ids: imageIds });
  const deps = seed.at(time + 3_600_000);
  if (home.fromProperty) {
    // Her first visit to /homes/mine drafts the property; saving the completed draft lists it.
    const mine = await listHomes(seed.at(time - 86_400_000), host, { scope: 'mine' });
    const draft = mine.items.find((h) => h.state === 'draft');
    if (!draft) throw new Error(`${home.host} has no draft home from her application.`);
    await updateHome(deps, host, { id: draft.id, ...fields });
  } else {
    await createHome(deps, host, fields);
  }
}

export async function seedHomes(seed: Seed): Promise<void> {
  for (const home of DEMO_HOMES) await listHome(seed, home);
  // Grace's first look at /homes/mine: her application's cottage waits there as a draft.
  await listHomes(seed.at(seed.when(-25)), await seed.member('grace@club.example'), { scope: 'mine' });

  const admin = await seed.member(seed.opts.adminEmail);
  const homes = (await listHomes(seed.at(seed.now), admin, { scope: 'all' })).items;
  for (const stay of DEMO_STAYS) {
    const home = homes.find((h) => h.title === stay.home)!;
    const input = RequestStayInputSchema.parse({
      homeId: home.id,
      start_date: seed.date(stay.dates[0]),
      end_date: seed.date(stay.dates[1]),
      guests: stay.guests,
      message: stay.message,
    });
    const requested = await requestStay(seed.at(seed.when(-stay.requestedDaysAgo)), await seed.member(stay.guest), input);
    if (stay.answer) {
      const { status, daysAgo, message } = stay.answer;
      const host = await seed.member(DEMO_HOMES.find((h) => h.fields.title === stay.home)!.host);
      await updateStay(seed.at(seed.when(-daysAgo)), host, { id: requested.id, status, message });
    }
  }
}
