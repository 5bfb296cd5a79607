import { describe, expect, it } from 'vitest';
import { byLanguageName, languageName } from './language-name.ts';

describe('language names', () => {
  it('names a language in English, and gives back a code the runtime does not know', () => {
    expect(languageName('de')).toBe('German');
    expect(languageName('not a code')).toBe('not a code');
  });

  it('orders a picker by the names a member reads, not by the codes', () => {
    expect(byLanguageName(['fr', 'de', 'en', 'es']).map((l) => l.name)).toEqual(['English', 'French', 'German', 'Spanish']);
  });
});
