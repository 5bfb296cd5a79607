/**
 * A PDF travels as a file, never inside JSON: the request is `multipart/form-data`, its part
 * `request` is the JSON body (as for an address), and each PDF is a part of its own (its filename
 * the file's name), named where the PDF goes: `{ "file": { "part": "file0" } }`. A form of one file
 * part and no `request` part is `{ file }` with the server's choices.
 */
import { z } from 'zod';
import { UPLOAD_MESSAGES } from '../errors.ts';

export const UPLOAD_FORM = { request: 'request' } as const;

/** What a PDF is in the JSON: the part that carries its bytes. */
export const filePart = z.object(
  {
    part: z
      .string({ error: UPLOAD_MESSAGES.asPart })
      .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'A file part is named with 1 to 100 letters, digits, dots, - or _.'),
  },
  { error: UPLOAD_MESSAGES.asPart },
);
export type FilePart = z.infer<typeof filePart>;

/**
 * A request with each PDF as F instead of its `{ part }`: the bytes a client sends (FileToSend), the
 * bytes the server received.
 */
export type WithFiles<R, F> = R extends { sources: readonly (infer S)[] }
  ? Omit<R, 'sources'> & { sources: WithFiles<S, F>[] }
  : R extends { file: FilePart }
    ? Omit<R, 'file'> & { file: F }
    : R;

/** A PDF as a client sends it: its name and its bytes. */
export interface FileToSend {
  name: string;
  data: Blob;
}

/**
 * The request with each PDF (`file`, alone or among `sources`) turned by `map`, in the order they
 * come: the client turns its files into parts, the server parts into the files it received.
 */
export function mapFiles<R extends object, A, B>(request: R, map: (file: A) => B): WithFiles<R, B> {
  const each = (source: object) => ('file' in source ? { ...source, file: map(source.file as A) } : source);
  const mapped = 'sources' in request && Array.isArray(request.sources) ? { ...request, sources: request.sources.map(each) } : each(request);
  return mapped as WithFiles<R, B>;
}
