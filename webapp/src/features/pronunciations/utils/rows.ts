/**
 * The editor's rows and what a save's refusal says of them: the same schema the server applies, so a
 * problem shows beside its row before anything is sent, and the server's own refusal (which names the
 * entry by number) lands beside that row too.
 */
import { pronunciationListSchema, type PronunciationEntry, type PronunciationInput } from '../../../../../shared/api/pronunciations.ts';

export interface Row {
  /** Stable across edits, for React's keys. */
  key: number;
  written: string;
  spoken: string;
  /** '' for every language. */
  lang: string;
}

let nextKey = 0;
export const newRow = (entry?: PronunciationEntry): Row => ({ key: nextKey++, written: entry?.written ?? '', spoken: entry?.spoken ?? '', lang: entry?.lang ?? '' });

/** What is sent: rows left wholly empty are dropped, the rest as typed. */
export function entriesOf(rows: readonly Row[]): PronunciationInput[] {
  return rows
    .filter((r) => r.written.trim() || r.spoken.trim())
    .map((r) => ({ written: r.written, spoken: r.spoken, ...(r.lang ? { lang: r.lang } : {}) }));
}

/** Whether the rows say something other than the saved list. */
export function changed(rows: readonly Row[], saved: readonly PronunciationEntry[]): boolean {
  const now = entriesOf(rows);
  return (
    now.length !== saved.length ||
    now.some((e, i) => e.written.trim() !== saved[i]!.written || e.spoken.trim() !== saved[i]!.spoken || (e.lang ?? '') !== (saved[i]!.lang ?? ''))
  );
}

/** Problems by row key (the rows as sent, empty ones aside), and those of the list as a whole. */
export function problemsOf(rows: readonly Row[]): { byRow: Map<number, string[]>; list: string[] } {
  const sent = rows.filter((r) => r.written.trim() || r.spoken.trim());
  const result = pronunciationListSchema.safeParse({ entries: entriesOf(rows) });
  const byRow = new Map<number, string[]>();
  const list: string[] = [];
  if (result.success) return { byRow, list };
  for (const issue of result.error.issues) {
    const row = typeof issue.path[1] === 'number' ? sent[issue.path[1]] : undefined;
    if (row) byRow.set(row.key, [...(byRow.get(row.key) ?? []), issue.message]);
    else list.push(issue.message);
  }
  return { byRow, list };
}

/** The row a server's refusal names ("Entry 3 (…): …"), if any. */
export function rowOfRefusal(rows: readonly Row[], message: string): Row | undefined {
  const number = /^Entry (\d+)\b/.exec(message)?.[1];
  const sent = rows.filter((r) => r.written.trim() || r.spoken.trim());
  return number ? sent[Number(number) - 1] : undefined;
}
