/**
 * A PDF kept in the extension's storage (the tray), which holds only JSON: its name and its bytes in
 * base64. It is sent as a file again (`FileToSend`), never as base64.
 */
import type { EpisodeSource } from '../shared/api/podcasts.ts';
import type { FileToSend, WithFiles } from '../shared/api/podcast-files.ts';

export interface StoredFile {
  name: string;
  /** The bytes in base64. */
  data: string;
}

/** The bytes a stored file holds (its base64 without the padding, read as bytes). */
export function storedFileBytes(file: StoredFile): number {
  return Math.floor((file.data.replace(/=+$/, '').length * 3) / 4);
}

/** A source as the tray keeps it: a PDF as a StoredFile. */
export type StoredSource = WithFiles<EpisodeSource, StoredFile>;

export async function storeFile(file: FileToSend): Promise<StoredFile> {
  const bytes = new Uint8Array(await file.data.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return { name: file.name, data: btoa(binary) };
}

export function fileToSend(file: StoredFile): FileToSend {
  const binary = atob(file.data);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return { name: file.name, data: new Blob([bytes], { type: 'application/pdf' }) };
}
