/**
 * Podcast audio in an S3-compatible bucket (AWS S3, MinIO, R2, B2, Garage), for servers that share
 * no disk. Objects are named as on disk: `<key>.mp3` for an episode, `<key>/<seq>.mp3` for a
 * segment while it is made. A PUT makes an object appear whole, so no `.part` name is needed.
 *
 * Joining streams the segments, in order, into one upload of the episode: segments are about four
 * seconds (tens of kilobytes), far below the 5 MiB S3 asks of every multipart part but the last,
 * so UploadPartCopy cannot assemble them server-side. The upload is a single PUT up to 5 MiB and a
 * multipart upload beyond, one part in memory at a time; a failed join aborts it.
 */
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Storage from '@aws-sdk/lib-storage';
import { audioNotFound, checkedKey, episode, newAudioKey, objectName, segment, type AudioObject, type AudioStore, type ByteRange, type StoredKey } from './store.ts';

export interface S3AudioSettings {
  /** Unset for AWS itself; the address of any other S3-compatible service. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's own credential chain (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, Garage, most self-hosted). */
  forcePathStyle: boolean;
}

const CONTENT_TYPE = 'audio/mpeg';
const PART_BYTES = 5 * 1024 * 1024;
const EPISODE_NAME = /^[0-9a-f]{32}\.mp3$/;

/**
 * Exactly `range` of the object, from a body that starts at byte `servedFrom`. A server may answer
 * more than was asked: HTTP lets it ignore a Range, and s3rver (the tests' server) answers all of the
 * object for `bytes=0-0`.
 */
function exactly(body: ReadableStream<Uint8Array>, servedFrom: number, range: ByteRange): ReadableStream<Uint8Array> {
  let skip = range.start - servedFrom;
  if (skip < 0) throw new Error(`the bucket answered from byte ${servedFrom} when asked from ${range.start}`);
  let left = range.end - range.start + 1;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const from = Math.min(skip, chunk.byteLength);
        skip -= from;
        const piece = chunk.subarray(from, from + left);
        left -= piece.byteLength;
        if (piece.byteLength > 0) controller.enqueue(piece);
        if (left === 0) controller.terminate();
      },
    }),
  );
}

function isMissing(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

function newClient(s3: typeof S3, settings: S3AudioSettings): S3.S3Client {
  return new s3.S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Each listener streaming audio holds a connection to the bucket for as long as it downloads.
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
}

export function createS3AudioStore(settings: S3AudioSettings): AudioStore & { close(): void } {
  // The SDK (tens of MB) loads on the first call: a server keeping its audio on disk never loads it.
  let connection: Promise<{ s3: typeof S3; Upload: typeof Storage.Upload; client: S3.S3Client }> | undefined;
  const connect = () =>
    (connection ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, { Upload }]) => ({
      s3,
      Upload,
      client: newClient(s3, settings),
    })));
  const Bucket = settings.bucket;

  const open = async (object: AudioObject, range?: ByteRange) => {
    try {
      const { s3, client } = await connect();
      const answer = await client.send(
        new s3.GetObjectCommand({ Bucket, Key: objectName(object), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!answer.Body) throw audioNotFound();
      return { body: answer.Body, servedFrom: Number(/^bytes (\d+)-/.exec(answer.ContentRange ?? '')?.[1] ?? 0) };
    } catch (err) {
      throw isMissing(err) ? audioNotFound(err) : err;
    }
  };

  async function removeSegments(key: string): Promise<void> {
    const Prefix = `${checkedKey(key)}/`;
    let ContinuationToken: string | undefined;
    const { s3, client } = await connect();
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      const Objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (Objects.length > 0) {
        const answer = await client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    newKey: newAudioKey,
    async stat(object) {
      try {
        const { s3, client } = await connect();
        const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: objectName(object) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async read(object, range) {
      const { body, servedFrom } = await open(object, range);
      const stream = body.transformToWebStream() as ReadableStream<Uint8Array>;
      return range ? exactly(stream, servedFrom, range) : stream;
    },
    async write(object, bytes) {
      const { s3, client } = await connect();
      await client.send(
        new s3.PutObjectCommand({ Bucket, Key: objectName(object), Body: bytes, ContentLength: bytes.byteLength, ContentType: CONTENT_TYPE }),
      );
    },
    async join(key, count, head) {
      let size = 0;
      async function* segments() {
        if (head?.length) {
          size += head.byteLength;
          yield head;
        }
        for (let seq = 0; seq < count; seq++) {
          for await (const chunk of (await open(segment(key, seq))).body as AsyncIterable<Uint8Array>) {
            size += chunk.byteLength;
            yield chunk;
          }
        }
      }
      const { Upload, client } = await connect();
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectName(episode(key)), Body: Readable.from(segments()), ContentType: CONTENT_TYPE },
        partSize: PART_BYTES,
        queueSize: 1,
      });
      await upload.done();
      return size;
    },
    removeSegments,
    async remove(key) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: objectName(episode(key)) }));
      await removeSegments(key);
    },
    /** Aborts episode uploads a crash left unfinished (a multipart upload holds its parts until then). */
    async removeStalePartials(olderThanMs = 60 * 60 * 1000) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      const { s3, client } = await connect();
      try {
        do {
          const page = await client.send(new s3.ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !EPISODE_NAME.test(upload.Key)) continue;
            if (!upload.Initiated || Date.now() - upload.Initiated.getTime() <= olderThanMs) continue;
            await client.send(new s3.AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
            removed++;
          }
          [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
        } while (KeyMarker);
      } catch (err) {
        // Some S3-compatible servers do not list uploads; their lifecycle rules clean up instead.
        if ((err as { name?: string }).name !== 'NotImplemented') throw err;
      }
      return removed;
    },
    async *keys() {
      // Listed in name order, so a key's episode and segments come together: each key once, newest time.
      const { s3, client } = await connect();
      let current = null as StoredKey | null;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = /^([0-9a-f]{32})(?:\.mp3$|\/)/.exec(object.Key ?? '')?.[1];
          if (!key) continue;
          const modifiedMs = object.LastModified?.getTime() ?? Date.now();
          if (current?.key === key) current.modifiedMs = Math.max(current.modifiedMs, modifiedMs);
          else {
            if (current) yield current;
            current = { key, modifiedMs };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      if (current) yield current;
    },
    close: () => void connection?.then(({ client }) => client.destroy()),
  };
}
