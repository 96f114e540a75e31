import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/client/i18n/i18n';
import { formatList, formatNumber } from '../../src/client/i18n/intl-locale';

// Issue 41: lists and numbers through Intl in the page's language; English as the club wrote it.
describe('lists and numbers in the page language', () => {
  it('English keeps "A, B and C" and 1,234; French, Japanese and Arabic write their own', () => {
    const before = i18n.locale;
    try {
      i18n.activate('en');
      expect(formatList(['Amara', 'Mei', 'Hana'])).toBe('Amara, Mei and Hana');
      expect(formatList(['Amara', 'Mei'])).toBe('Amara and Mei');
      expect(formatNumber(12345.67, { maximumFractionDigits: 1 })).toBe('12,345.7');
      i18n.activate('fr');
      expect(formatList(['Amara', 'Mei', 'Hana'])).toBe('Amara, Mei et Hana');
      expect(formatNumber(12345.67, { maximumFractionDigits: 1 })).toBe('12\u202f345,7');
      i18n.activate('ja');
      expect(formatList(['Amara', 'Mei', 'Hana'])).toBe('Amara、Mei、Hana');
      i18n.activate('ar');
      expect(formatList(['Amara', 'Mei'])).toBe('Amara وMei');
    } finally {
      i18n.activate(before);
    }
  });
});
