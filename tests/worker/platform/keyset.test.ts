import { describe, expect, it } from 'vitest';
import { PageQuerySchema } from '../../../src/shared/schemas/page';
import { decodeCursor, encodeCursor, toPage } from '../../../src/worker/platform/keyset';

describe('keyset cursors', () => {
  it('round-trip a sort key and refuse a cursor of another shape or a hand-made one', () => {
    const cursor = encodeCursor([1_800_000_000_000, 'Zoë', 42]);
    expect(PageQuerySchema.parse({ cursor }).cursor).toBe(cursor);
    expect(decodeCursor(cursor, ['n', 's', 'n'])).toEqual([1_800_000_000_000, 'Zoë', 42]);
    expect(() => decodeCursor(cursor, ['n', 'n'])).toThrow('Invalid cursor.');
    expect(() => decodeCursor(encodeCursor(['1', 2]), ['n', 'n'])).toThrow('Invalid cursor.');
    expect(() => decodeCursor('not-base64-json', ['n'])).toThrow('Invalid cursor.');
    expect(decodeCursor(undefined, ['n'])).toBeUndefined();
  });

  it('the page query takes 1 to 100, defaults when blank, and refuses a cursor with other characters', () => {
    expect(PageQuerySchema.parse({ cursor: '', limit: '' })).toEqual({ cursor: undefined, limit: undefined });
    expect(PageQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(PageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ cursor: 'a b' }).success).toBe(false);
  });

  it('toPage keeps `size` rows and gives the last kept row as the next cursor only when there is more', () => {
    const rows = [{ id: 5 }, { id: 4 }, { id: 3 }];
    const page = toPage(rows, 2, (r) => [r.id]);
    expect(page.items).toEqual([{ id: 5 }, { id: 4 }]);
    expect(decodeCursor(page.nextCursor!, ['n'])).toEqual([4]);
    expect(toPage(rows, 3, (r) => [r.id]).nextCursor).toBeNull();
  });
});
