/**
 * A PDF the visitor chose or dropped, read into what the API takes (`{ file: { name, data } }`, the
 * bytes in base64). A file over the cap or without a PDF's signature is refused here with the
 * server's own message, before anything is sent.
 */
import { PDF_LIMITS } from '../../../../../shared/constants.ts';
import { PDF_MESSAGES } from '../../../../../shared/errors.ts';
import { hasPdfSignature, toBase64 } from '../../../../../shared/pdf-file.ts';

export interface ChosenPdf {
  name: string;
  size: number;
  /** The bytes in base64. */
  data: string;
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
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!hasPdfSignature(bytes)) throw new Error(PDF_MESSAGES.notAPdf);
  return { name: file.name, size: file.size, data: toBase64(bytes), key: `${file.name}:${file.size}:${file.lastModified}` };
}
