import { describe, expect, it } from 'vitest';
import { displaySize, formatUploadDate, groupByUploadDate, matchesTagSearch } from '../../../src/client/shared/images/gallery-helpers';
import { parseTags, type ImageDto } from '../../../src/shared/schemas/images';

const image = (id: number, upload_date: string, tags: string[] = []): ImageDto =>
  ({ id, upload_date, tags, width: 3000, height: 2000 }) as ImageDto;

describe('gallery helpers', () => {
  it('group by upload day, newest day and newest image first, labelled MMM dd, yyyy', () => {
    const groups = groupByUploadDate([image(1, '2026-03-01T10:00:00'), image(2, '2026-03-04T09:00:00'), image(3, '2026-03-04T18:00:00')]);
    expect(groups.map((g) => g.images.map((i) => i.id))).toEqual([[3, 2], [1]]);
    expect(groups[0]!.label).toBe('Mar 04, 2026');
    expect(formatUploadDate('2026-11-09T12:00:00')).toBe('Nov 09, 2026');
  });

  it('match tags by case-insensitive substring', () => {
    const i = image(1, '2026-01-01T00:00:00Z', ['Tea Ceremony', 'garden']);
    expect(matchesTagSearch(i, 'CEREM')).toBe(true);
    expect(matchesTagSearch(i, ' gard ')).toBe(true);
    expect(matchesTagSearch(i, 'beach')).toBe(false);
    expect(matchesTagSearch(i, '')).toBe(true);
  });

  it('size the display derivative at 1600 px on the long edge', () => {
    expect(displaySize(image(1, '2026-01-01T00:00:00Z'))).toEqual({ width: 1600, height: 1067 });
  });

  it('parse tags from a comma list, trimmed and de-duplicated', () => {
    expect(parseTags(' tea, Garden ,tea,, garden, Tea  Party ')).toEqual(['tea', 'Garden', 'Tea Party']);
  });
});
