import { describe, expect, it } from 'vitest';
import { eventTypeLabel, truncateDescription } from '../../src/shared/event-format';

describe('event-format', () => {
  it('truncates descriptions to 120 characters plus an ellipsis', () => {
    expect(truncateDescription('short')).toBe('short');
    expect(truncateDescription('x'.repeat(120))).toBe('x'.repeat(120));
    expect(truncateDescription('y'.repeat(121))).toBe(`${'y'.repeat(120)}...`);
    // Characters, not UTF-16 units: an emoji is not cut in half.
    expect(truncateDescription('😀'.repeat(130))).toBe(`${'😀'.repeat(120)}...`);
  });

  it('labels event types', () => {
    expect(eventTypeLabel('tea-party')).toBe('Tea Party');
    expect(eventTypeLabel('arts-crafts')).toBe('Arts & Crafts');
    expect(eventTypeLabel('other')).toBe('Other');
  });
});
