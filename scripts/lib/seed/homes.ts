// The demo's homes and stays, through the homes services (issue 31): Hana lists a garden flat in
// Lisbon with open dates, and Sofia asks for a few nights there, so /home's "Your club" shows her
// a pending stay (and Hana a request to answer), and the home's page shows "Your request: …,
// pending" with Withdraw request. Not in Japan, where Hana's application property is: the browser
// tests find no home there.
import { HomeFieldsSchema, RequestStayInputSchema } from '../../../src/shared/schemas/homes';
import { createHome } from '../../../src/worker/modules/homes/homes';
import { requestStay } from '../../../src/worker/modules/homes/stays';
import type { Seed } from './context';

export async function seedHomes(seed: Seed): Promise<void> {
  const hana = await seed.member('hana@club.example');
  const listed = seed.when(-20);
  const home = await createHome(
    seed.at(listed),
    hana,
    HomeFieldsSchema.parse({
      title: 'Garden flat in Príncipe Real',
      description: 'A quiet two-bedroom flat on a garden, five minutes from the miradouro. Tea on the terrace at dusk.',
      city: 'Lisbon',
      region: 'Lisboa',
      country: 'Portugal',
      address: 'Rua da Escola Politécnica 42, 1250-102 Lisbon',
      bedrooms: 2,
      maxGuests: 3,
      amenities: ['Wi-Fi', 'Kitchen', 'Garden'],
      houseRules: 'Shoes off indoors, please.',
      availability: [{ start: seed.date(14), end: seed.date(75) }],
    }),
  );
  await requestStay(
    seed.at(seed.when(0, -1)),
    await seed.member('sofia@club.example'),
    RequestStayInputSchema.parse({
      homeId: home.id,
      startDate: seed.date(21),
      endDate: seed.date(25),
      guests: 2,
      message: 'My sister and I would love a few quiet days in Lisbon.',
    }),
  );
}
