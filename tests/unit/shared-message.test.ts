// Issue 41: a shared schema's message with a number is written from its template (src/shared/message.ts),
// and the translation step finds the template again from the English text, values and all.
import { describe, expect, it } from 'vitest';
import { withValues } from '../../src/shared/message';
import { messageOf } from '../../src/shared/message-template';

describe('messages written from templates', () => {
  const templates = ['The page size must be at most {max}.', 'A message is at most {max} characters.', '{who} commented on {what}'];

  it('writes the English with the values as given', () => {
    expect(withValues('The page size must be at most {max}.', { max: 100 })).toBe('The page size must be at most 100.');
    expect(withValues('A message is at most {max} characters.', { max: '4,000' })).toBe('A message is at most 4,000 characters.');
  });

  it('finds the template of an English text and its values, numbers back as numbers', () => {
    expect(messageOf('The page size must be at most 100.', templates)).toEqual({ id: templates[0], values: { max: 100 } });
    expect(messageOf('A message is at most 4,000 characters.', templates)).toEqual({ id: templates[1], values: { max: 4000 } });
    expect(messageOf('Amara commented on Supper', templates)).toEqual({ id: templates[2], values: { who: 'Amara', what: 'Supper' } });
  });

  it('prefers a field’s own template to the labels’ one, and names the label', () => {
    const both = ['{label} must be at most {max} characters.', 'About me must be at most {max} characters.'];
    expect(messageOf('About me must be at most 1,000 characters.', both)).toEqual({ id: both[1], values: { max: 1000 } });
    expect(messageOf('Job title must be at most 100 characters.', both)).toEqual({ id: both[0], values: { label: 'Job title', max: 100 } });
  });

  it('finds nothing for a text no template wrote, nor for an ICU plural', () => {
    expect(messageOf('The page size must be small.', templates)).toBeNull();
    expect(messageOf('3 guests', ['{count, plural, one {# guest} other {# guests}}'])).toBeNull();
  });

  it('reads no sentence as two values joined by a word (it would translate half of it)', () => {
    const joined = ['{first} and {second}', '{title} at {company}', '{name} cancelled {event}'];
    expect(messageOf('Too many attempts. Please wait a minute and try again.', joined)).toBeNull();
    expect(messageOf('Sofia cancelled Harbour walk', joined)).toEqual({
      id: '{name} cancelled {event}',
      values: { name: 'Sofia', event: 'Harbour walk' },
    });
  });
});
