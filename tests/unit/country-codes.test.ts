// The codes list and the names list are kept in step by position (src/shared/country-codes.ts).
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../src/shared/countries';
import { COUNTRY_OPTIONS, countryCodeOf, countryName } from '../../src/shared/country-codes';

describe('country codes', () => {
  it('has one distinct code for each country of the list', () => {
    expect(COUNTRY_OPTIONS).toHaveLength(COUNTRIES.length);
    expect(new Set(COUNTRY_OPTIONS.map(([code]) => code)).size).toBe(COUNTRIES.length);
  });

  it('pairs each name with its ISO code', () => {
    expect([countryCodeOf('Hong Kong'), countryCodeOf('United Kingdom'), countryCodeOf('Japan'), countryCodeOf('France')]).toEqual([
      'HK',
      'GB',
      'JP',
      'FR',
    ]);
    expect([countryName('US'), countryName('AE'), countryName('ZW'), countryName('XX')]).toEqual([
      'United States',
      'United Arab Emirates',
      'Zimbabwe',
      undefined,
    ]);
  });
});
