/**
 * A real S3-compatible server for the tests: s3rver on 127.0.0.1 (a free port), keeping its objects
 * in a temporary folder, with one bucket made. `env` is what `testConfig` takes for AUDIO_STORE=s3;
 * `objects()` lists the bucket through the S3 API itself, independently of the store under test.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3AudioSettings } from '../machinery/audio/s3-store.ts';

export interface TestBucket {
  env: Record<string, string>;
  settings: S3AudioSettings;
  /** Every object in the bucket: its name and size, sorted by name. */
  objects(): Promise<{ name: string; size: number }[]>;
  /** Every object name in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

// s3rver accepts any credentials; these are the ones its documentation uses.
const ACCESS_KEY = 'S3RVER';

export async function startTestBucket(bucket = 'pagecast-audio'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  writeBeforeAnswering(server);
  const { port } = await server.run();
  const settings: S3AudioSettings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  async function objects() {
    const found: { name: string; size: number }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
      found.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [{ name: o.Key, size: o.Size ?? 0 }] : [])));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }
  return {
    settings,
    env: {
      AUDIO_STORE: 's3',
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    objects,
    keys: async () => (await objects()).map((o) => o.name),
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** What of s3rver's file store a PUT uses. */
interface ObjectStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: { bucket: string; key: string; content: Buffer | Readable; metadata: Record<string, string> }): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver answers a PUT once the bytes have passed its hash, before its file is written: a delete in
 * between finds no file, and the object appears after it. An S3 PUT is whole once answered, so this
 * bucket writes the file to its end first.
 */
function writeBeforeAnswering(server: S3rver) {
  const store = (server as unknown as { store: ObjectStore }).store;
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = crypto.createHash('md5');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await pipeline(content, counted, fs.createWriteStream(objectPath));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}
