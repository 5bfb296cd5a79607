import { describe, expect, it } from 'vitest';
import { changed, entriesOf, newRow, problemsOf, rowOfRefusal } from './rows.ts';

const row = (written: string, spoken: string, lang = '') => ({ ...newRow(), written, spoken, lang });

describe('the editor’s rows', () => {
  it('sends the rows as typed, leaving out rows left empty', () => {
    expect(entriesOf([row('Nginx', 'engine X'), row(' ', ''), row('Paris', 'Pah-ree', 'fr')])).toEqual([
      { written: 'Nginx', spoken: 'engine X' },
      { written: 'Paris', spoken: 'Pah-ree', lang: 'fr' },
    ]);
  });

  it('puts each problem beside the row it is about, counting rows as they are sent', () => {
    const rows = [row('', ''), row('Nginx', 'engine X'), row('Saoirse', ''), row('Nginx', 'en-jinx')];
    const { byRow, list } = problemsOf(rows);
    expect(list).toEqual([]);
    expect(byRow.get(rows[2]!.key)).toEqual(['Entry 2 ("Saoirse"): the spoken form is missing.']);
    expect(byRow.get(rows[3]!.key)).toEqual(['Entry 3 ("Nginx") repeats entry 1.']);
    expect(byRow.has(rows[1]!.key)).toBe(false);
  });

  it('finds the row a server’s refusal names', () => {
    const rows = [row('', ''), row('Nginx', 'engine X'), row('Saoirse', 'Seer-sha')];
    expect(rowOfRefusal(rows, 'Entry 2 ("Saoirse"): the spoken form is too long: at most 200 characters.')).toBe(rows[2]);
    expect(rowOfRefusal(rows, 'Too many speech texts asked for in the last hour.')).toBeUndefined();
  });

  it('says whether the rows differ from the saved list', () => {
    const saved = [{ written: 'Nginx', spoken: 'engine X' }];
    expect(changed([row('Nginx', 'engine X'), row('', '')], saved)).toBe(false);
    expect(changed([row('Nginx', 'engine X', 'en')], saved)).toBe(true);
    expect(changed([], saved)).toBe(true);
  });
});
