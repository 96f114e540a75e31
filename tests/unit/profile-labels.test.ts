import { describe, expect, it } from 'vitest';
import { i18n, loadCatalog, withLocale } from '../../src/client/i18n/i18n';
import { choiceLabel, countryLabel, countryOptions } from '../../src/client/shared/members/profile-labels';
import { placeOf } from '../../src/client/shared/members/profile-lines';

// Issue 41: a profile's industry, interests and country in the page's language, wherever it shows.
describe("a profile's labels", () => {
  it('are the stored English in English, and French from the shared catalog and Intl in French', async () => {
    const before = i18n.locale;
    try {
      i18n.activate('en');
      expect([choiceLabel('Finance'), choiceLabel('Tea culture'), placeOf('Hong Kong', 'HK'), placeOf('Paris', 'FR')]).toEqual([
        'Finance',
        'Tea culture',
        'Hong Kong',
        'Paris, France',
      ]);
      await loadCatalog('fr', 'shell');
      // Every catalog's i18n in French (the labels are the shared widgets' catalog's).
      withLocale('fr', () => {
        expect([choiceLabel('Finance'), choiceLabel('Tea culture'), choiceLabel('Not a listed value')]).toEqual([
          'Finance',
          'Culture du thé',
          'Not a listed value',
        ]);
        // The form the club's list chose: Hong Kong (named once), not "R.A.S. chinoise de Hong Kong"; États-Unis, not "É.-U.".
        expect([placeOf('Hong Kong', 'HK'), placeOf('New York', 'US'), countryLabel('GB'), countryLabel('XX')]).toEqual([
          'Hong Kong',
          'New York, États-Unis',
          'Royaume-Uni',
          'XX',
        ]);
        expect(
          countryOptions()
            .slice(0, 3)
            .map(([, name]) => name),
        ).toEqual(['Afghanistan', 'Afrique du Sud', 'Albanie']);
      });
    } finally {
      i18n.activate(before);
    }
  });
});
