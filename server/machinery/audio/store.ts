/**
 * Where podcast audio is kept, whatever keeps it: local disk (`disk-store.ts`, the embedded
 * default) or an S3-compatible bucket (`s3-store.ts`). Both hold the same objects under the same
 * names: a finished episode `<key>.mp3`, and while it is made its segments `<key>/<seq>.mp3`.
 * A key is 32 random hex characters, so nobody can guess another podcast's audio, and a key that is
 * anything else is refused (NOT_FOUND) before it can name a file or an object.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';

const KEY_PATTERN = /^[0-9a-f]{32}$/;

/** A finished episode, or one segment of an episode being made. */
export type AudioObject = { kind: 'episode'; key: string } | { kind: 'segment'; key: string; seq: number };

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface AudioStore {
  /** A fresh random key (32 hex characters). */
  newKey(): string;
  /** The object's size in bytes, or null when it is not stored. */
  stat(object: AudioObject): Promise<number | null>;
  /** Streams the object, or the range of it; NOT_FOUND when it is not stored. Never buffers it whole. */
  read(object: AudioObject, range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
  /** Stores an object (replacing one a crashed run left at the same place); no reader sees half of it. */
  write(object: AudioObject, bytes: Uint8Array): Promise<void>;
  /**
   * Joins segments 0..count-1 of `key` into its finished episode, after `head` when given (a tag);
   * answers the episode's size.
   */
  join(key: string, count: number, head?: Uint8Array): Promise<number>;
  /** Deletes the segments of a key; missing ones are not an error. */
  removeSegments(key: string): Promise<void>;
  /** Deletes a key's episode and segments; missing ones are not an error. */
  remove(key: string): Promise<void>;
  /** Deletes what a crash left half written, older than `olderThanMs`; returns how many. */
  removeStalePartials(olderThanMs?: number): Promise<number>;
  /** Every key with something stored (an episode or segments), with when it was last written (epoch ms). */
  keys(): AsyncIterable<StoredKey>;
}

export interface StoredKey {
  key: string;
  modifiedMs: number;
}

export const episode = (key: string): AudioObject => ({ kind: 'episode', key });
export const segment = (key: string, seq: number): AudioObject => ({ kind: 'segment', key, seq });

export function isAudioKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newAudioKey(): string {
  return randomBytes(16).toString('hex');
}

export const audioNotFound = (cause?: unknown) => new AppError('NOT_FOUND', { message: 'Audio not found', cause });

/** The key checked, for the folder or prefix of its segments. */
export function checkedKey(key: string): string {
  if (!isAudioKey(key)) throw audioNotFound();
  return key;
}

/** The object's name within the store, `/`-separated: `<key>.mp3` or `<key>/<seq>.mp3`. */
export function objectName(object: AudioObject): string {
  const key = checkedKey(object.key);
  if (object.kind === 'episode') return `${key}.mp3`;
  if (!Number.isSafeInteger(object.seq) || object.seq < 0) throw audioNotFound();
  return `${key}/${object.seq}.mp3`;
}
