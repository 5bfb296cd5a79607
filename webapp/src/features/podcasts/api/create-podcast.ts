/**
 * Create Podcast from the URL card: one source is sent as it always was, several as `sources`. One
 * podcast per intent: the request carries a key the server honours, kept while the same request is
 * sent again (after a lost answer) and renewed for a made podcast or a changed request.
 */
import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CreateFromUrl, CreatePodcastRequest, Podcast } from '../../../../../shared/api/podcasts.ts';
import { withScheme } from '../../../../../shared/validation.ts';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { episodeSource, sourceIdentity, type FormSource } from '../utils/form-sources.ts';

/** What else the podcast is asked with (voice, mode, minutes, draft); the server's choice for any absent. */
export type Choices = Omit<CreateFromUrl, 'url'>;

export interface CreateFromForm {
  sources: readonly FormSource[];
  choices?: Choices | undefined;
}

/** The request for the filled lines, and what makes two of them the same request. */
function createRequest({ sources, choices }: CreateFromForm): { request: CreatePodcastRequest; identity: string } {
  if (sources.length > 1) {
    return {
      request: { ...choices, sources: sources.map(episodeSource) },
      identity: JSON.stringify({ ...choices, sources: sources.map(sourceIdentity) }),
    };
  }
  const { url, pdf } = sources[0]!;
  if (pdf) return { request: { ...choices, file: { name: pdf.name, data: pdf.data } }, identity: JSON.stringify({ ...choices, file: pdf.key }) };
  const request = { ...choices, url: withScheme(url) };
  return { request, identity: JSON.stringify(request) };
}

export const createPodcast = (request: CreatePodcastRequest) => pagecast.podcasts.create(request);

export function useCreatePodcast({ onSuccess, ...config }: MutationConfig<(form: CreateFromForm) => Promise<Podcast>> = {}) {
  const lastRequest = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    ...config,
    mutationFn: (form: CreateFromForm) => {
      const { request, identity } = createRequest(form);
      if (lastRequest.current?.body !== identity) lastRequest.current = { body: identity, key: crypto.randomUUID() };
      return createPodcast({ ...request, requestKey: lastRequest.current.key });
    },
    onSuccess: (...args) => {
      lastRequest.current = null;
      return onSuccess?.(...args);
    },
  });
}
