/** The parts of snowball-stemmers and stopword (which ship no types) that Pagecast uses. */
declare module 'snowball-stemmers' {
  const snowball: {
    newStemmer(algorithm: string): { stem(word: string): string };
    algorithms(): string[];
  };
  export default snowball;
}

/** stopword (which ships no types): each language's list, exported under its ISO 639-3 code. */
declare module 'stopword' {
  const lists: Record<string, string[] | undefined>;
  export = lists;
}
