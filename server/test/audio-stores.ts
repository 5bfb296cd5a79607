/**
 * Both audio stores for a contract test: a disk store in a temporary folder and an S3 store on a real
 * S3-compatible server, started before the file's tests and removed after them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDiskAudioStore } from '../machinery/audio/disk-store.ts';
import { createS3AudioStore } from '../machinery/audio/s3-store.ts';
import type { AudioStore } from '../machinery/audio/store.ts';
import { startTestBucket, type TestBucket } from './s3-bucket.ts';

export interface AudioStores {
  /** The disk store's folder (the contract's disk store lives in `contract/` below it). */
  root: string;
  bucket: TestBucket;
  s3: S3Store;
  /** Each store's name and a maker, for `describe.each`. */
  stores: [string, () => AudioStore][];
}
type S3Store = ReturnType<typeof createS3AudioStore>;

/** Call at a test file's top level: `bucket` and `s3` are there once the file's tests start. */
export function bothAudioStores(prefix: string): AudioStores {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const fixture: AudioStores = {
    root,
    bucket: undefined as unknown as TestBucket,
    s3: undefined as unknown as S3Store,
    stores: [
      ['disk', () => createDiskAudioStore(path.join(root, 'contract'))],
      ['s3', () => fixture.s3],
    ],
  };
  beforeAll(async () => {
    fixture.bucket = await startTestBucket();
    fixture.s3 = createS3AudioStore(fixture.bucket.settings);
  });
  afterAll(async () => {
    fixture.s3.close();
    await fixture.bucket.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return fixture;
}
