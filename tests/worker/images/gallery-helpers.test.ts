import { describe, expect, it } from 'vitest';
import { displaySize, formatUploadDate, groupByUploadDate } from '../../../src/client/shared/images/gallery-helpers';
import { parseTags, type ImageDto } from '../../../src/shared/schemas/images';

const image = (id: number, upload_date: string): ImageDto =>
  ({ id, upload_date, tags: [] as string[], width: 3000, height: 2000 }) as ImageDto;

describe('gallery helpers', () => {
  it('group by upload day, newest day and newest image first, labelled MMM dd, yyyy', () => {
    const groups = groupByUploadDate([image(1, '2026-03-01T10:00:00'), image(2, '2026-03-04T09:00:00'), image(3, '2026-03-04T18:00:00')]);
    expect(groups.map((g) => g.images.map((i) => i.id))).toEqual([[3, 2], [1]]);
    expect(groups[0]!.label).toBe('Mar 04, 2026');
    expect(formatUploadDate('2026-11-09T12:00:00')).toBe('Nov 09, 2026');
  });

  it('keep one group for a day that two pages share (the gallery groups every page loaded)', () => {
    const firstPage = [image(9, '2026-03-05T08:00:00'), image(8, '2026-03-04T20:00:00')];
    const secondPage = [image(7, '2026-03-04T07:00:00'), image(6, '2026-03-02T07:00:00')];
    const groups = groupByUploadDate([...firstPage, ...secondPage]);
    expect(groups.map((g) => g.images.map((i) => i.id))).toEqual([[9], [8, 7], [6]]);
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
  });

  it('size the display derivative at 1600 px on the long edge', () => {
    expect(displaySize(image(1, '2026-01-01T00:00:00Z'))).toEqual({ width: 1600, height: 1067 });
  });

  it('parse tags from a comma list, trimmed and de-duplicated', () => {
    expect(parseTags(' tea, Garden ,tea,, garden, Tea  Party ')).toEqual(['tea', 'Garden', 'Tea Party']);
  });
});
