/** What a followed feed's check shares between its steps: its dependencies, a waiting item, an item as a source, the notes said on a follow. */
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { itemText } from '../machinery/follow/item-text.ts';
import type { Source } from '../pipeline/ports.ts';
import { updateFollow, type FeedItemRow } from '../repositories/follow-repository.ts';
import type { CreatePodcastDeps, PodcastRequest } from './create-podcast.ts';
import type { ReceivedSource } from './read-sources.ts';
import type { ArticleExtractor } from '../machinery/extract/extractor.ts';

export interface CheckFeedDeps extends CreatePodcastDeps {
  config: CreatePodcastDeps['config'] & Pick<Config, 'followIntervalMs' | 'fetchAllowHosts' | 'stripe'>;
  logger: Logger;
  /** Reads a feed off the event loop. */
  extractor: Pick<ArticleExtractor, 'readFeed'>;
}

/** A follow's waiting item, with the follow it waits in. */
export interface Waiting {
  followId: string;
  item: FeedItemRow;
}

export const NO_SOURCE = 'The item has neither an address nor any text.';

export type Telling = Pick<PodcastRequest, 'mode' | 'minutes'>;

/** The one request of an episode of these sources. */
export const requestFor = (sources: readonly ReceivedSource[]): PodcastRequest => (sources.length >= 2 ? { sources: [...sources] } : requestOf(sources[0]!));

export const itemName = (item: FeedItemRow) => `“${item.title ?? item.url ?? 'An item'}”`;

/** What went wrong with a follow's items in this check, said on the follow together (null: all well). */
export class FollowNotes {
  private readonly said = new Map<string, string[]>();
  add(followId: string, note: string) {
    this.said.set(followId, [...(this.said.get(followId) ?? []), note]);
  }
  of(followId: string, last?: string): string | null {
    const all = [...(this.said.get(followId) ?? []), ...(last ? [last] : [])];
    return all.length ? all.join(' ') : null;
  }
  follows(): string[] {
    return [...this.said.keys()];
  }
  async say(deps: { db: CheckFeedDeps['db'] }, followId: string) {
    await updateFollow(deps.db, followId, { error: this.of(followId) });
  }
}

/** One source as a request of its own. */
export function requestOf(source: ReceivedSource): Source {
  return ('text' in source ? { ...source, title: source.title ?? '', sourceUrl: source.sourceUrl ?? '' } : source) as Source;
}

/** What an item is read from: its address, else its text in the feed. */
export function sourceOf(item: FeedItemRow): ReceivedSource | null {
  if (item.url) return { url: item.url };
  const text = item.content ? itemText(item.content) : '';
  if (!text.trim()) return null;
  return { text, ...(item.title ? { title: item.title.slice(0, 300) } : {}) };
}
