/**
 * Every route of the Pagecast API a client calls: its method, its path (`:name` marks a parameter),
 * the status it answers on success, and the schema of that answer (or, for the event stream and the
 * MP3, what it sends instead of JSON). The client calls through this table, and the tests' stand-in
 * servers answer by it, so both speak the same contract.
 */
import { createFollowSchema, followListSchema, followSchema, memberDigestSchema, updateFollowSchema } from '../api/follows.ts';
import type { z } from 'zod';
import {
  authResponseSchema,
  credentialsSchema,
  preferencesResponseSchema,
  registerSchema,
  updatePreferencesSchema,
} from '../api/auth.ts';
import { capabilitiesSchema } from '../api/capabilities.ts';
import {
  billingConfigSchema,
  billingUserResponseSchema,
  checkoutResponseSchema,
  portalResponseSchema,
} from '../api/billing.ts';
import {
  createPodcastSchema,
  estimatePodcastSchema,
  estimateResponseSchema,
  podcastEventSchema,
  podcastListSchema,
  podcastSchema,
  scriptResponseSchema,
  updatePodcastSchema,
  updateScriptSchema,
} from '../api/podcasts.ts';
import {
  bookmarkSchema,
  bookmarksResponseSchema,
  createBookmarkSchema,
  defaultVoiceResponseSchema,
  feedResponseSchema,
  positionSchema,
  setVoiceSchema,
  sharedPodcastSchema,
  shareResponseSchema,
  voicesResponseSchema,
} from '../api/premium.ts';
import { queueSchema } from '../api/listening.ts';
import { pronunciationListSchema, savedPronunciationsSchema, speechTextRequestSchema, speechTextResponseSchema } from '../api/pronunciations.ts';
import { successSchema } from '../api/success.ts';
import { podcastChaptersSchema, transcriptSchema } from '../api/transcript.ts';
import { PAYMENT_MESSAGES } from '../errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route answering JSON. */
export interface JsonEndpoint<Response extends z.ZodType = z.ZodType> {
  kind: 'json';
  method: HttpMethod;
  path: string;
  /** The status of a successful answer. */
  status: number;
  /** What a request body must satisfy (the server checks it with the same schema); of a form carrying PDFs, its `request` part. */
  request: z.ZodType | null;
  response: Response;
  /** The message when a successful answer does not have the promised shape. */
  invalidMessage?: string;
}

/** A route answering something other than JSON: a server-sent event stream, a file. */
export interface StreamEndpoint {
  kind: 'stream';
  /** GET, or POST for a file made from the JSON body sent (a preview's audio). */
  method: 'GET' | 'POST';
  path: string;
  status: number;
  /** The media type asked for. */
  accept: string;
  /** For an event stream: the schema of each event's data. */
  event: z.ZodType | null;
}

export type Endpoint = JsonEndpoint | StreamEndpoint;

function json<Response extends z.ZodType>(
  method: HttpMethod,
  path: string,
  response: Response,
  options: { status?: number; request?: z.ZodType; invalidMessage?: string } = {},
): JsonEndpoint<Response> {
  return {
    kind: 'json',
    method,
    path,
    status: options.status ?? 200,
    request: options.request ?? null,
    response,
    ...(options.invalidMessage ? { invalidMessage: options.invalidMessage } : {}),
  };
}

const stream = (path: string, accept: string, event: z.ZodType | null = null, method: StreamEndpoint['method'] = 'GET'): StreamEndpoint => ({
  kind: 'stream',
  method,
  path,
  status: 200,
  accept,
  event,
});

/** The API, route by route. */
export const ENDPOINTS = {
  register: json('POST', '/api/auth/register', authResponseSchema, { status: 201, request: registerSchema }),
  login: json('POST', '/api/auth/login', authResponseSchema, { request: credentialsSchema }),
  logout: json('POST', '/api/auth/logout', successSchema),
  me: json('GET', '/api/auth/me', authResponseSchema),
  savePreferences: json('PATCH', '/api/auth/me/preferences', preferencesResponseSchema, { request: updatePreferencesSchema }),

  createPodcast: json('POST', '/api/podcasts', podcastSchema, { status: 201, request: createPodcastSchema }),
  estimatePodcast: json('POST', '/api/podcasts/estimate', estimateResponseSchema, { request: estimatePodcastSchema }),
  listPodcasts: json('GET', '/api/podcasts', podcastListSchema),
  getPodcast: json('GET', '/api/podcasts/:id', podcastSchema),
  renamePodcast: json('PATCH', '/api/podcasts/:id', podcastSchema, { request: updatePodcastSchema }),
  deletePodcast: json('DELETE', '/api/podcasts/:id', successSchema),
  retryPodcast: json('POST', '/api/podcasts/:id/retry', podcastSchema),
  savePosition: json('PUT', '/api/podcasts/:id/position', successSchema, { request: positionSchema }),
  revoicePodcast: json('POST', '/api/podcasts/:id/voice', podcastSchema, { request: setVoiceSchema }),
  getScript: json('GET', '/api/podcasts/:id/script', scriptResponseSchema),
  saveScript: json('PUT', '/api/podcasts/:id/script', podcastSchema, { request: updateScriptSchema }),
  podcastEvents: stream('/api/podcasts/:id/events', 'text/event-stream', podcastEventSchema),
  downloadPodcast: stream('/api/podcasts/:id/download', 'audio/mpeg'),

  listFollows: json('GET', '/api/follows', followListSchema),
  addFollow: json('POST', '/api/follows', followSchema, { status: 201, request: createFollowSchema }),
  changeFollow: json('PATCH', '/api/follows/:id', followSchema, { request: updateFollowSchema }),
  checkFollow: json('POST', '/api/follows/:id/check', followSchema, { status: 202 }),
  deleteFollow: json('DELETE', '/api/follows/:id', successSchema),
  getMemberDigest: json('GET', '/api/follows/digest', memberDigestSchema),
  setMemberDigest: json('PUT', '/api/follows/digest', memberDigestSchema, { request: memberDigestSchema }),

  listBookmarks: json('GET', '/api/podcasts/:id/bookmarks', bookmarksResponseSchema),
  addBookmark: json('POST', '/api/podcasts/:id/bookmarks', bookmarkSchema, { status: 201, request: createBookmarkSchema }),
  deleteBookmark: json('DELETE', '/api/podcasts/:id/bookmarks/:bookmarkId', successSchema),

  markPlayed: json('POST', '/api/podcasts/:id/played', podcastSchema),
  unmarkPlayed: json('DELETE', '/api/podcasts/:id/played', podcastSchema),
  getQueue: json('GET', '/api/queue', queueSchema),
  setQueue: json('PUT', '/api/queue', queueSchema, { request: queueSchema }),

  sharePodcast: json('POST', '/api/podcasts/:id/share', shareResponseSchema),
  stopSharing: json('DELETE', '/api/podcasts/:id/share', successSchema),
  sharedPodcast: json('GET', '/api/shared/:token', sharedPodcastSchema),
  sharedScript: json('GET', '/api/shared/:token/script', scriptResponseSchema),

  // The timed transcript and chapters (they grow while the podcast is made); `?download=1` on the
  // .vtt and .txt makes them files to keep.
  transcript: json('GET', '/api/podcasts/:id/transcript.json', transcriptSchema),
  transcriptVtt: stream('/api/podcasts/:id/transcript.vtt', 'text/vtt'),
  transcriptText: stream('/api/podcasts/:id/transcript.txt', 'text/plain'),
  chapters: json('GET', '/api/podcasts/:id/chapters.json', podcastChaptersSchema),
  sharedTranscript: json('GET', '/api/shared/:token/transcript.json', transcriptSchema),
  sharedTranscriptVtt: stream('/api/shared/:token/transcript.vtt', 'text/vtt'),
  sharedTranscriptText: stream('/api/shared/:token/transcript.txt', 'text/plain'),
  sharedChapters: json('GET', '/api/shared/:token/chapters.json', podcastChaptersSchema),

  feed: json('GET', '/api/feed', feedResponseSchema),
  rotateFeed: json('POST', '/api/feed/rotate', feedResponseSchema),

  voices: json('GET', '/api/voices', voicesResponseSchema),
  setDefaultVoice: json('PUT', '/api/voices/default', defaultVoiceResponseSchema, { request: setVoiceSchema }),

  capabilities: json('GET', '/api/capabilities', capabilitiesSchema),

  getPronunciations: json('GET', '/api/pronunciations', savedPronunciationsSchema),
  savePronunciations: json('PUT', '/api/pronunciations', savedPronunciationsSchema, { request: pronunciationListSchema }),
  speechText: json('POST', '/api/speech-text', speechTextResponseSchema, { request: speechTextRequestSchema }),
  speechTextAudio: stream('/api/speech-text/audio', 'audio/mpeg', null, 'POST'),

  billingConfig: json('GET', '/api/stripe/config', billingConfigSchema),
  createCheckout: json('POST', '/api/stripe/create-checkout', checkoutResponseSchema, {
    invalidMessage: PAYMENT_MESSAGES.invalidResponse,
  }),
  verifySession: json('GET', '/api/stripe/verify-session', billingUserResponseSchema, {
    invalidMessage: PAYMENT_MESSAGES.invalidVerification,
  }),
  cancelSubscription: json('POST', '/api/stripe/cancel', billingUserResponseSchema),
  resumeSubscription: json('POST', '/api/stripe/resume', billingUserResponseSchema),
  billingPortal: json('POST', '/api/stripe/portal', portalResponseSchema),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/** Values for a path's `:name` parameters. */
export type PathParams = Record<string, string>;

/**
 * The path of an endpoint with its parameters filled in (each URL-encoded) and, when given, a query.
 * Throws when a parameter is missing: a call to the wrong address must not be made.
 */
export function buildPath(endpoint: Pick<Endpoint, 'path'>, params: PathParams = {}, query?: Record<string, string>): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter :${name} for ${endpoint.path}`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** The endpoint a request is for, with its path parameters decoded; null when none matches. */
export function matchEndpoint(
  method: string,
  pathname: string,
): { name: EndpointName; endpoint: Endpoint; params: PathParams } | null {
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]) {
    if (endpoint.method !== method.toUpperCase()) continue;
    const names: string[] = [];
    const pattern = endpoint.path.replace(/:(\w+)/g, (_, param: string) => {
      names.push(param);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(pathname);
    if (!match) continue;
    const params: PathParams = {};
    names.forEach((param, i) => (params[param] = decodeURIComponent(match[i + 1]!)));
    return { name, endpoint, params };
  }
  return null;
}
