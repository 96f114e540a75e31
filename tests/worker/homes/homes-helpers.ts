import type { HomeFieldsInput, HomeView, StayView } from '../../../src/shared/schemas/homes';
import { request, unique, type TestUser } from '../helpers';

/** Days from today (UTC) as yyyy-mm-dd: stays and windows must lie in the future. */
export function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** A complete home in a country of its own, so a test's browse results are its own. */
export function homeFields(overrides: Partial<HomeFieldsInput> = {}): HomeFieldsInput & { country: string } {
  return {
    title: `Flat ${unique('t')}`,
    description: 'Bright, quiet, near the river.',
    city: 'Lisbon',
    region: 'Lisboa',
    country: unique('Land'),
    address: `Rua ${unique('r')} 12, 1100-001 Lisbon`,
    bedrooms: 2,
    max_guests: 3,
    amenities: ['Wi-Fi', 'Kitchen'],
    house_rules: 'No smoking.',
    availability: [{ start: day(10), end: day(60) }],
    ...overrides,
  } as HomeFieldsInput & { country: string };
}

export async function createHome(host: TestUser, overrides: Partial<HomeFieldsInput> = {}) {
  const res = await request('/api/homes', { as: host, body: homeFields(overrides) });
  if (res.status !== 201) throw new Error(`createHome: ${res.status} ${await res.text()}`);
  return res.json<HomeView>();
}

export async function requestStay(
  guest: TestUser,
  homeId: number,
  body: { start_date: string; end_date: string; guests?: number; message?: string },
) {
  return request(`/api/homes/${homeId}/stays`, { as: guest, body: { guests: 1, ...body } });
}

export async function newStay(guest: TestUser, homeId: number, startDate: string, endDate: string) {
  const res = await requestStay(guest, homeId, { start_date: startDate, end_date: endDate });
  if (res.status !== 201) throw new Error(`newStay: ${res.status} ${await res.text()}`);
  return res.json<StayView>();
}

export function patchStay(as: TestUser | null, id: number, status: string, message?: string) {
  return request(`/api/stays/${id}`, { method: 'PATCH', as, body: { status, ...(message ? { message } : {}) } });
}
