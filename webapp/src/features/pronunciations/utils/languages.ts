/** The languages an entry may be kept to, by the names a member reads; '' is every language. */
export const LANGUAGES: readonly (readonly [code: string, name: string])[] = [
  ['', 'Any language'],
  ['en', 'English'],
  ['de', 'German'],
  ['fr', 'French'],
  ['es', 'Spanish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['pl', 'Polish'],
  ['ru', 'Russian'],
  ['ja', 'Japanese'],
  ['zh', 'Chinese'],
];

/** The choices for a row, with a code saved elsewhere (through the API) kept as it is. */
export function languageChoices(current: string): readonly (readonly [string, string])[] {
  return LANGUAGES.some(([code]) => code === current) ? LANGUAGES : [...LANGUAGES, [current, current]];
}
