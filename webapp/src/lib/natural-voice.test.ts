import { describe, expect, it } from 'vitest';
import { faqItems } from '../features/marketing/data/faq.ts';
import { spokenPhrase } from './natural-voice.ts';

describe('how the home page says the script is spoken', () => {
  it('promises a natural voice only where the server has one, and names none before it answers', () => {
    expect(spokenPhrase(true)).toBe('speaks it in a natural voice');
    expect(spokenPhrase(false)).toBe('speaks it with its built-in voice');
    expect(spokenPhrase(null)).not.toMatch(/natural/);
    expect(faqItems(spokenPhrase(false))[0]!.answer).toContain('and speaks the script with its built-in voice. The episode');
    expect(faqItems(spokenPhrase(true))[0]!.answer).toContain('and speaks the script in a natural voice. The episode');
    expect(faqItems(spokenPhrase(false)).map((item) => item.answer).join(' ')).not.toMatch(/natural voice/);
  });
});
