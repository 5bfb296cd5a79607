/** A language's name in English ("German" for `de`), or the code when the runtime does not know it. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Languages by their English names, in alphabetical order of those names: a picker's choices. */
export function byLanguageName(codes: readonly string[]): { code: string; name: string }[] {
  return codes.map((code) => ({ code, name: languageName(code) })).sort((a, b) => a.name.localeCompare(b.name));
}
