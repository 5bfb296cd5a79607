/**
 * A PDF the visitor chose or dropped, as the API client sends it (`{ file: { name, data } }`, the
 * file itself, uploaded as a file). A file over the cap or without a PDF's signature is refused here
 * with the server's own message, before anything is sent; so is one that would take the card's PDFs,
 * sent in one request, over the cap together.
 */
import { PDF_LIMITS } from '../../../../../shared/constants.ts';
import { PDF_MESSAGES } from '../../../../../shared/errors.ts';
import { hasPdfSignature } from '../../../../../shared/pdf-file.ts';

export interface ChosenPdf {
  name: string;
  size: number;
  /** The file: its bytes are read only as they are sent. */
  data: Blob;
  /** Tells this file from another without comparing its bytes. */
  key: string;
}

/** The file size as a person reads it: '840 KB', '1.2 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Reads `file`; throws an Error with the message to show when it is not a PDF Pagecast takes. */
export async function readPdfFile(file: File): Promise<ChosenPdf> {
  if (file.size > PDF_LIMITS.maxBytes) throw new Error(PDF_MESSAGES.tooLarge);
  // The signature sits in the first kilobyte: nothing more is read here.
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  if (!hasPdfSignature(head)) throw new Error(PDF_MESSAGES.notAPdf);
  return { name: file.name, size: file.size, data: file, key: `${file.name}:${file.size}:${file.lastModified}` };
}

/**
 * The PDFs just read, in order, each refused with the server's message when it would take the PDFs
 * of the card (`held` bytes already) over the cap together; the others are kept as they were.
 */
export function capTogether(held: number, read: readonly PromiseSettledResult<ChosenPdf>[]): PromiseSettledResult<ChosenPdf>[] {
  let together = held;
  return read.map((r) => {
    if (r.status === 'rejected') return r;
    if (together + r.value.size > PDF_LIMITS.maxBytes) return { status: 'rejected', reason: new Error(PDF_MESSAGES.tooLargeTogether) };
    together += r.value.size;
    return r;
  });
}
