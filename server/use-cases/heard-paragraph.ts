/**
 * The article's paragraph a listener was hearing at a moment of the episode, through its cues: the
 * cue playing then names it (read mode's `sourceParagraph`), else the paragraph sharing the most
 * words with what was just said (a retelling names none).
 */
import type { Database } from '../db/client.ts';
import type { PodcastRow } from '../repositories/podcast-repository.ts';
import { listSegments, type SegmentCue } from '../repositories/segment-repository.ts';

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

export async function heardParagraph(db: Database, podcast: Pick<PodcastRow, 'audioKey' | 'streamKey' | 'articleText'>, atMs: number): Promise<number | null> {
  const key = podcast.streamKey ?? podcast.audioKey;
  if (!key) return null;
  const cues: SegmentCue[] = (await listSegments(db, key)).flatMap((s) => s.cues);
  let at = -1;
  for (let i = 0; i < cues.length && cues[i]!.startMs <= atMs; i++) at = i;
  if (at < 0) return null;
  const cue = cues[at]!;
  if (cue.sourceParagraph !== undefined) return cue.sourceParagraph;
  // What was said up to then: the cue and the two before it.
  const said = words(cues.slice(Math.max(0, at - 2), at + 1).map((c) => c.text).join(' '));
  let best: { paragraph: number; shared: number } | null = null;
  (podcast.articleText ?? '').split('\n').forEach((line, paragraph) => {
    let shared = 0;
    for (const word of words(line)) if (said.has(word)) shared++;
    if (shared > 0 && (!best || shared > best.shared)) best = { paragraph, shared };
  });
  return (best as { paragraph: number } | null)?.paragraph ?? null;
}
