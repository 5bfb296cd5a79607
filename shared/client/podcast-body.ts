/**
 * The body of a create or estimate request. Without a PDF it is the JSON request; with one (or
 * several, among sources) it is a multipart/form-data form: the JSON in its `request` part with each
 * PDF named by its part, `{ file: { part: 'file0' } }`, and each PDF a file part of its own, so its
 * bytes travel as they are, never as base64 inside JSON.
 */
import type { CreatePodcast, CreatePodcastRequest, EstimatePodcast, EstimatePodcastRequest } from '../api/podcasts.ts';
import { mapFiles, UPLOAD_FORM, type FileToSend } from '../api/podcast-files.ts';

export function podcastBody(input: CreatePodcastRequest): { body: CreatePodcast } | { form: FormData };
export function podcastBody(input: EstimatePodcastRequest): { body: EstimatePodcast } | { form: FormData };
export function podcastBody(input: CreatePodcastRequest | EstimatePodcastRequest): { body: unknown } | { form: FormData } {
  const files: FileToSend[] = [];
  const part = (file: FileToSend) => ({ part: `file${files.push(file) - 1}` });
  const json = mapFiles(input, part);
  if (files.length === 0) return { body: json };
  const form = new FormData();
  form.append(UPLOAD_FORM.request, JSON.stringify(json));
  files.forEach((file, index) => form.append(`file${index}`, file.data, file.name));
  return { form };
}
