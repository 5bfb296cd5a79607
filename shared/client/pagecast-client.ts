/**
 * The typed Pagecast API client both UIs use: one function per route, named in the product's words,
 * taking and answering the shared schemas' types. Every failure is an ApiError (see api-error.ts).
 */
import type { CreateFollow, Follow, MemberDigest, UpdateFollow } from '../api/follows.ts';
import type { z } from 'zod';
import type { Credentials, Preferences, UpdatePreferences, User } from '../api/auth.ts';
import type { BillingConfig, BillingUserResponse, CheckoutResponse } from '../api/billing.ts';
import type { Capabilities } from '../api/capabilities.ts';
import type { CreatePodcastRequest, EstimatePodcastRequest, Podcast, PodcastEstimate, PodcastScript } from '../api/podcasts.ts';
import type { PronunciationEntry, PronunciationInput, SpeechTextRequest } from '../api/pronunciations.ts';
import type { Bookmark, createBookmarkSchema, SharedPodcast, voicesResponseSchema } from '../api/premium.ts';
import { loginFailedMessage, registrationFailedMessage } from '../errors.ts';
import { ApiError, invalidAnswer } from './api-error.ts';
import { ENDPOINTS } from './endpoints.ts';
import { podcastBody } from './podcast-body.ts';
import { createHttpClient, type ClientOptions, type HttpClient } from './http-client.ts';

/** A signed-in session: who, and the token that proves it. */
export interface Session {
  user: User;
  token: string;
}

type Signal = { signal?: AbortSignal };

/** Creates the client. See ClientOptions for the server address, the auth and the fetch to use. */
export function createPagecastClient(options: ClientOptions) {
  const http = createHttpClient(options);
  return {
    /** The transport, for a route this client does not name yet. */
    http,
    auth: authCalls(http),
    podcasts: podcastCalls(http),
    bookmarks: bookmarkCalls(http),
    follows: followCalls(http),
    listening: listeningCalls(http),
    sharing: sharingCalls(http),
    feed: feedCalls(http),
    voices: voiceCalls(http),
    pronunciations: pronunciationCalls(http),
    billing: billingCalls(http),
    server: {
      /** What this server can make: an AI writer or not, and its default mode. */
      capabilities: ({ signal }: Signal = {}): Promise<Capabilities> => http.call(ENDPOINTS.capabilities, { signal }),
    },
  };
}

export type PagecastClient = ReturnType<typeof createPagecastClient>;

/**
 * A sign-in or registration. A refusal without the server's own error body reads 'Authentication
 * failed (503)' / 'Registration failed (503)'; a success without user or token is INVALID_RESPONSE.
 */
async function openSession(
  http: HttpClient,
  mode: 'login' | 'register',
  credentials: Credentials,
  signal?: AbortSignal,
): Promise<Session> {
  let answer;
  try {
    // A new sign-in never sends an older session's token.
    answer = await http.call(ENDPOINTS[mode], { body: credentials, signal, token: null });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'INVALID_RESPONSE' && err.status >= 400) {
      const message = mode === 'login' ? loginFailedMessage(err.status) : registrationFailedMessage(err.status);
      throw new ApiError(err.code, message, err.status);
    }
    throw err;
  }
  if (!answer.success || !answer.user || !answer.token) throw invalidAnswer(200);
  return { user: answer.user, token: answer.token };
}

function authCalls(http: HttpClient) {
  return {
    /** Signs in; answers the member and the session token. */
    login: (credentials: Credentials, { signal }: Signal = {}) => openSession(http, 'login', credentials, signal),
    /** Creates an account and signs it in. */
    register: (credentials: Credentials, { signal }: Signal = {}) => openSession(http, 'register', credentials, signal),
    /**
     * Ends the session on the server. `token` names the session to end when it is no longer the
     * current one (it was just removed from storage); omitted, the current session ends.
     */
    async logout(options: { token?: string | null } = {}): Promise<void> {
      await http.call(ENDPOINTS.logout, options.token === undefined ? {} : { token: options.token });
    },
    /** The signed-in member as the server sees them now (Premium may have changed). */
    async me({ signal }: Signal = {}): Promise<User> {
      const answer = await http.call(ENDPOINTS.me, { signal });
      if (!answer.success || !answer.user) throw invalidAnswer(200);
      return answer.user;
    },
    /** Saves any of the member's default mode, default minutes and playback speed; answers all three. */
    async setPreferences(preferences: UpdatePreferences): Promise<Preferences> {
      return (await http.call(ENDPOINTS.savePreferences, { body: preferences })).preferences;
    },
  };
}

const byId = (id: string) => ({ params: { id } });

function podcastCalls(http: HttpClient) {
  return {
    /**
     * Makes a podcast from `{ url }` (the server fetches the page), `{ title, text, sourceUrl }` (the
     * page was already read), `{ file: { name, data } }` (a PDF's bytes, sent as a file) or
     * `{ sources: [...] }`. Answers the new podcast at once; the conversion runs on.
     */
    create: (input: CreatePodcastRequest, { signal }: Signal = {}): Promise<Podcast> =>
      http.call(ENDPOINTS.createPodcast, { ...podcastBody(input), signal }),
    /**
     * What a podcast of this page would be: its words, estimated length, language and title. The
     * page is fetched and read but nothing is made, and it does not count against the daily limit.
     */
    estimate: (input: EstimatePodcastRequest, { signal }: Signal = {}): Promise<PodcastEstimate> =>
      http.call(ENDPOINTS.estimatePodcast, { ...podcastBody(input), signal }),
    /** The podcast's script as it will be (or was) spoken, and its title. */
    script: (id: string, { signal }: Signal = {}): Promise<PodcastScript> =>
      http.call(ENDPOINTS.getScript, { ...byId(id), signal }),
    /** Saves an edited script (Premium); voice it with revoice. */
    saveScript: (id: string, script: string): Promise<Podcast> =>
      http.call(ENDPOINTS.saveScript, { ...byId(id), body: { script } }),
    /** The caller's podcasts, newest first. */
    async list({ signal }: Signal = {}): Promise<Podcast[]> {
      return (await http.call(ENDPOINTS.listPodcasts, { signal })).podcasts;
    },
    get: (id: string, { signal }: Signal = {}): Promise<Podcast> => http.call(ENDPOINTS.getPodcast, { ...byId(id), signal }),
    rename: (id: string, title: string): Promise<Podcast> =>
      http.call(ENDPOINTS.renamePodcast, { ...byId(id), body: { title } }),
    /** Deletes the podcast and its audio. */
    async remove(id: string): Promise<void> {
      await http.call(ENDPOINTS.deletePodcast, byId(id));
    },
    /** Queues a failed podcast's conversion again. */
    retry: (id: string): Promise<Podcast> => http.call(ENDPOINTS.retryPodcast, byId(id)),
    /** Remembers where the listener is; `keepalive` lets it finish after the page has gone. */
    async savePosition(id: string, positionSeconds: number, { keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
      await http.call(ENDPOINTS.savePosition, { ...byId(id), body: { positionSeconds }, keepalive });
    },
    /** Speaks a podcast's script again in another voice (Premium); it goes back to converting. */
    revoice: (id: string, voice: string): Promise<Podcast> =>
      http.call(ENDPOINTS.revoicePodcast, { ...byId(id), body: { voice } }),
    /** Opens the podcast's progress event stream (follow it with followPodcast). */
    openEvents: (id: string, { signal }: Signal = {}): Promise<Response> =>
      http.open(ENDPOINTS.podcastEvents, { ...byId(id), signal }),
    /** The podcast's MP3 (Premium), as the raw answer. */
    download: (id: string, { signal }: Signal = {}): Promise<Response> =>
      http.open(ENDPOINTS.downloadPodcast, { ...byId(id), signal }),
  };
}

function followCalls(http: HttpClient) {
  return {
    /** The sites the member follows. */
    async list({ signal }: Signal = {}): Promise<Follow[]> {
      return (await http.call(ENDPOINTS.listFollows, { signal })).follows;
    },
    /** Follows a site by its address or its feed's; answers the follow (the one already there when the feed is followed). */
    add: (follow: CreateFollow): Promise<Follow> => http.call(ENDPOINTS.addFollow, { body: follow }),
    /** Pauses, resumes or changes how its items are told. */
    change: (id: string, change: UpdateFollow): Promise<Follow> => http.call(ENDPOINTS.changeFollow, { params: { id }, body: change }),
    /** Checks the follow's feed now rather than at its next interval (its new items follow as usual). */
    checkNow: (id: string): Promise<Follow> => http.call(ENDPOINTS.checkFollow, { params: { id } }),
    async remove(id: string): Promise<void> {
      await http.call(ENDPOINTS.deleteFollow, { params: { id } });
    },
    /** The member's digest across follows: its hour (UTC), or null when off. */
    digest: ({ signal }: Signal = {}): Promise<MemberDigest> => http.call(ENDPOINTS.getMemberDigest, { signal }),
    /** Turns the digest across follows on at `digestHour` (UTC), or off (null). */
    setDigest: (digest: MemberDigest): Promise<MemberDigest> => http.call(ENDPOINTS.setMemberDigest, { body: digest }),
  };
}

function pronunciationCalls(http: HttpClient) {
  return {
    /** The member's own pronunciations, in their order. */
    async list({ signal }: Signal = {}): Promise<PronunciationEntry[]> {
      return (await http.call(ENDPOINTS.getPronunciations, { signal })).entries;
    },
    /** Replaces the whole list; a list breaking a limit is refused (VALIDATION_ERROR naming the entry) and the saved one stays. */
    async save(entries: PronunciationInput[]): Promise<PronunciationEntry[]> {
      return (await http.call(ENDPOINTS.savePronunciations, { body: { entries } })).entries;
    },
    /** What the voice is given for `text` in `lang`, with the caller's list (none signed out). */
    async speechText(request: SpeechTextRequest, { signal }: Signal = {}): Promise<string> {
      return (await http.call(ENDPOINTS.speechText, { body: request, signal })).text;
    },
    /** The same text spoken in the member's voice, as an MP3 to play. */
    async hear(request: SpeechTextRequest, { signal }: Signal = {}): Promise<Blob> {
      return (await http.open(ENDPOINTS.speechTextAudio, { body: request, signal })).blob();
    },
  };
}

function bookmarkCalls(http: HttpClient) {
  return {
    async list(podcastId: string, { signal }: Signal = {}): Promise<Bookmark[]> {
      return (await http.call(ENDPOINTS.listBookmarks, { ...byId(podcastId), signal })).bookmarks;
    },
    add: (podcastId: string, bookmark: z.input<typeof createBookmarkSchema>): Promise<Bookmark> =>
      http.call(ENDPOINTS.addBookmark, { ...byId(podcastId), body: bookmark }),
    async remove(podcastId: string, bookmarkId: string): Promise<void> {
      await http.call(ENDPOINTS.deleteBookmark, { params: { id: podcastId, bookmarkId } });
    },
  };
}

function listeningCalls(http: HttpClient) {
  return {
    /** Marks the podcast played; answers it with its `playedAt`. */
    markPlayed: (podcastId: string): Promise<Podcast> => http.call(ENDPOINTS.markPlayed, byId(podcastId)),
    /** Marks the podcast unplayed again. */
    unmarkPlayed: (podcastId: string): Promise<Podcast> => http.call(ENDPOINTS.unmarkPlayed, byId(podcastId)),
    /** The signed-in member's queue: podcast ids, first to play first. */
    async queue({ signal }: Signal = {}): Promise<string[]> {
      return (await http.call(ENDPOINTS.getQueue, { signal })).podcastIds;
    },
    /** Replaces the member's whole queue; answers it as stored. */
    async setQueue(podcastIds: string[]): Promise<string[]> {
      return (await http.call(ENDPOINTS.setQueue, { body: { podcastIds } })).podcastIds;
    },
  };
}

function sharingCalls(http: HttpClient) {
  return {
    /** The podcast's public address; the same one again while it stays shared. */
    async share(podcastId: string): Promise<string> {
      return (await http.call(ENDPOINTS.sharePodcast, byId(podcastId))).url;
    },
    /** Revokes the public address: it answers 404 from now on. */
    async stop(podcastId: string): Promise<void> {
      await http.call(ENDPOINTS.stopSharing, byId(podcastId));
    },
    /** What a shared link shows; needs no account. */
    get: (token: string, { signal }: Signal = {}): Promise<SharedPodcast> =>
      http.call(ENDPOINTS.sharedPodcast, { params: { token }, signal }),
    /** A shared podcast's script as it will be (or was) spoken, and its title; needs no account. */
    script: (token: string, { signal }: Signal = {}): Promise<PodcastScript> =>
      http.call(ENDPOINTS.sharedScript, { params: { token }, signal }),
  };
}

function feedCalls(http: HttpClient) {
  return {
    /** The member's private podcast feed address (Premium). */
    async get({ signal }: Signal = {}): Promise<string> {
      return (await http.call(ENDPOINTS.feed, { signal })).url;
    },
    /** A new feed address; the old one stops working. */
    async rotate(): Promise<string> {
      return (await http.call(ENDPOINTS.rotateFeed)).url;
    },
  };
}

function voiceCalls(http: HttpClient) {
  return {
    /** The speech engine's voices, the caller's default, the natural voices downloading, and each natural voice's state. */
    list: ({ signal }: Signal = {}): Promise<z.output<typeof voicesResponseSchema>> =>
      http.call(ENDPOINTS.voices, { signal }),
    /** Saves the member's default voice; answers it as the server stored it. */
    async setDefault(voice: string): Promise<string> {
      return (await http.call(ENDPOINTS.setDefaultVoice, { body: { voice } })).defaultVoice;
    },
  };
}

function billingCalls(http: HttpClient) {
  return {
    /** Whether payments are on, and Stripe's publishable key when they are. */
    config: ({ signal }: Signal = {}): Promise<BillingConfig> => http.call(ENDPOINTS.billingConfig, { signal }),
    /** Starts a Premium subscription: the client secret to confirm and the subscription to verify. */
    createCheckout: ({ signal }: Signal = {}): Promise<CheckoutResponse> => http.call(ENDPOINTS.createCheckout, { signal }),
    /** Asks the server to check the subscription with Stripe; answers the member as it now stands. */
    async verifySession(sessionId: string, { signal }: Signal = {}): Promise<User> {
      return (await http.call(ENDPOINTS.verifySession, { query: { session_id: sessionId }, signal })).user;
    },
    /** Ends Premium at the end of the paid period (`true`), or takes that back (`false`). */
    async setCancelAtPeriodEnd(cancel: boolean): Promise<User> {
      const answer: BillingUserResponse = await http.call(cancel ? ENDPOINTS.cancelSubscription : ENDPOINTS.resumeSubscription);
      return answer.user;
    },
    /** The address of Stripe's billing portal for this member. */
    async portalUrl(): Promise<string> {
      return (await http.call(ENDPOINTS.billingPortal)).url;
    },
  };
}
