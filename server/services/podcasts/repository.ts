/**
 * Podcast rows: who may see them, how they look in the API, and the updates the pipeline makes.
 */
import crypto from 'node:crypto';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Podcast, PodcastEvent, PodcastStatus } from '../../../shared/api/podcasts.ts';
import { PODCAST_IMAGE_PATH } from '../../../shared/constants.ts';
import type { Database } from '../../db/client.ts';
import { podcasts } from '../../db/schema.ts';
import type { UrlSigner } from '../../http/signed-url.ts';

export type PodcastRow = typeof podcasts.$inferSelect;

/** Who is asking: a member, or an anonymous browser identified by its token. */
export type Owner = { userId: string } | { anonymousToken: string };

export function ownerCondition(owner: Owner): SQL {
  return 'userId' in owner
    ? eq(podcasts.userId, owner.userId)
    : and(eq(podcasts.anonymousToken, owner.anonymousToken), isNull(podcasts.userId))!;
}

/** The creation timestamp (spec §3), with a random tail so two podcasts made in one millisecond differ. */
export function newPodcastId(now: Date): string {
  return `${now.getTime()}-${crypto.randomBytes(6).toString('hex')}`;
}

export async function findOwnedPodcast(db: Database, id: string, owner: Owner): Promise<PodcastRow | null> {
  const [row] = await db.select().from(podcasts).where(and(eq(podcasts.id, id), ownerCondition(owner)));
  return row ?? null;
}

export async function findPodcast(db: Database, id: string): Promise<PodcastRow | null> {
  const [row] = await db.select().from(podcasts).where(eq(podcasts.id, id));
  return row ?? null;
}

export async function listOwnedPodcasts(db: Database, owner: Owner): Promise<PodcastRow[]> {
  return db.select().from(podcasts).where(ownerCondition(owner)).orderBy(desc(podcasts.createdAt), desc(podcasts.id));
}

export async function updatePodcast(db: Database, id: string, values: Partial<PodcastRow>): Promise<PodcastRow | null> {
  const [row] = await db
    .update(podcasts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(podcasts.id, id))
    .returning();
  return row ?? null;
}

export function audioPath(id: string, signer: UrlSigner, now?: Date) {
  return `/api/podcasts/${encodeURIComponent(id)}/audio?t=${signer.sign(id, 'audio', now)}`;
}

/** The public page a share link opens (the web app's /shared/:token route). */
export const sharePageUrl = (publicUrl: string, token: string) => `${publicUrl}/shared/${token}`;

/** A podcast as the API answers it; `publicUrl` makes its share link absolute. */
export function toPodcast(row: PodcastRow, signer: UrlSigner, publicUrl = ''): Podcast {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    image: PODCAST_IMAGE_PATH,
    progress: row.progress,
    status: row.status as PodcastStatus,
    audioUrl: row.status === 'ready' && row.audioKey ? audioPath(row.id, signer) : null,
    sourceUrl: row.sourceUrl,
    shareUrl: row.shareToken ? sharePageUrl(publicUrl, row.shareToken) : null,
    error: row.error,
    fallbackReason: row.fallbackReason,
    voice: row.voice,
    durationSeconds: row.durationMs === null ? null : Math.round(row.durationMs / 100) / 10,
    positionSeconds: row.positionMs === null ? null : Math.round(row.positionMs / 100) / 10,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toEvent(row: PodcastRow, signer: UrlSigner): PodcastEvent {
  const { id, status, progress, title, audioUrl, error } = toPodcast(row, signer);
  return { id, status, progress, title, audioUrl, error };
}
