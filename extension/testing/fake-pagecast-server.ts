/**
 * A stand-in for the Pagecast server in the extension's unit tests, held in memory and answered
 * through a fetch function. It answers by the shared contract: routes come from the shared endpoint
 * table, request bodies are checked with the schemas the real server checks them with, every success
 * is checked against the endpoint's response schema, and every refusal carries a code of the shared
 * catalogue with the status the real server gives it. Anything off that contract (or a route this
 * fake does not model) is recorded in `offContract`, which a test asserts stays empty.
 *
 * Like the real server, a session token it does not know counts as no token: the request goes on as
 * this browser (its anonymous token), and only routes that need a member refuse it.
 */
import type { User } from '../../shared/api/auth.ts';
import { errorBodySchema, type ErrorBody } from '../../shared/api/error.ts';
import type { CreateFromSources, CreateFromText, Podcast, PodcastEvent } from '../../shared/api/podcasts.ts';
import { UPLOAD_FORM } from '../../shared/api/podcast-files.ts';
import type { Transcript } from '../../shared/api/transcript.ts';
import { ENDPOINTS, matchEndpoint, type EndpointName, type PathParams } from '../../shared/client/endpoints.ts';
import { ANONYMOUS_TOKEN_HEADER, BRIEF_MINUTES, PODCAST_MINUTES } from '../../shared/constants.ts';
import { AUTH_MESSAGES, CONTENT_MESSAGES, ERROR_STATUS, type ErrorCode } from '../../shared/errors.ts';
import { eventOf } from '../../shared/podcast/apply-event.ts';
import { podcastFixture } from '../../shared/testing/podcast-fixture.ts';
import { fallbackTitle } from '../../shared/text/fallback.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/**
 * The stages a podcast goes through on this server, one server-sent event each: from the first
 * spoken part on, the episode streams (`made` seconds of it exist) until it is ready.
 */
const STAGES: (Pick<PodcastEvent, 'status' | 'progress'> & { made?: number })[] = [
  { status: 'queued', progress: 0 },
  { status: 'writing', progress: 35 },
  { status: 'speaking', progress: 50, made: 4 },
  { status: 'speaking', progress: 70, made: 20 },
  { status: 'ready', progress: 100 },
];
/** How long this server's episodes last, in seconds (also their estimate while made). */
const EPISODE_SECONDS = 42;

/** The anonymous tokens the real server accepts. */
const ANONYMOUS_TOKEN = /^[A-Za-z0-9-]{16,64}$/;

/** The codes the real server's request validation gives a message of the catalogue. */
const CODE_FOR_MESSAGE: Record<string, ErrorCode> = {
  [CONTENT_MESSAGES.invalidWebsiteUrl]: 'INVALID_URL',
  [CONTENT_MESSAGES.noReadableContent]: 'NO_READABLE_CONTENT',
};

type Owner = { email: string } | { anonymous: string };
type StoredPodcast = Podcast & { owner: string };

/**
 * An episode of several sources as the real server reads them: each text is read (its title, else its
 * address); a file stands for a PDF this fake cannot read, named with why and left out, as the real
 * server leaves out a source it cannot read. None read refuses the request.
 */
function severalSources(input: CreateFromSources, fileNames = new Map<string, string>()) {
  const read: { url: string | null; title: string; author: null; text: string }[] = [];
  const unreadable: Podcast['unreadable'] = [];
  input.sources.forEach((source, index) => {
    if ('text' in source) read.push({ url: source.sourceUrl ?? null, title: source.title || fallbackTitle(source.text), author: null, text: source.text });
    else unreadable.push({ index, source: 'file' in source ? (fileNames.get(source.file.part) ?? source.file.part) : source.url, error: 'This fake reads text sources only.' });
  });
  if (read.length === 0) throw new Refusal('NO_READABLE_CONTENT', 'None of the sources could be read');
  const more = read.length - 1;
  return {
    ...input,
    title: more > 0 ? `${read[0]!.title} and ${more} more ${more === 1 ? 'source' : 'sources'}` : read[0]!.title,
    text: read.map((r) => r.text).join('\n'),
    sourceUrl: read[0]!.url ?? '',
    sources: read.map(({ url, title, author }) => ({ url, title, author })),
    unreadable,
  };
}

/** A refusal, thrown by a route and answered as the shared error body. */
class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status = ERROR_STATUS[code],
  ) {
    super(message);
  }
}

export function createFakeServer(origin = 'http://localhost:8787') {
  const accounts = new Map<string, { password: string; user: User }>();
  const sessions = new Map<string, string>();
  const podcasts: StoredPodcast[] = [];
  const requests: RecordedRequest[] = [];
  const offContract: string[] = [];
  let down = false;
  /** Events are held after this many have been sent, until `release` is called. */
  let hold: { after: number; released: Promise<void> } | null = null;
  let nextToken = 1;
  let nextPodcast = 1;
  /** Each member's queue (a reader who is not signed in keeps theirs in the browser). */
  const queues = new Map<string, string[]>();
  /** Transcripts a test set, by podcast id; others have none yet. */
  const transcripts = new Map<string, Transcript>();
  const voices = [
    { id: 'en-us', name: 'English (US)', premium: false, wordsPerMinute: 150 },
    { id: 'en-gb', name: 'English (UK)', premium: false, wordsPerMinute: 180 },
  ];

  /** A JSON success of `name`, checked against its response schema. */
  function answer(name: EndpointName, body: unknown): Response {
    const endpoint = ENDPOINTS[name];
    if (endpoint.kind !== 'json') throw new Error(`${name} does not answer JSON`);
    const checked = endpoint.response.safeParse(body);
    if (!checked.success) offContract.push(`${name} answered ${JSON.stringify(body)}: ${checked.error.message}`);
    return Response.json(body, { status: endpoint.status });
  }

  function refuse({ code, message, status }: Refusal): Response {
    const body: ErrorBody = { success: false, error: { code, message, requestId: `req-${requests.length}` } };
    errorBodySchema.parse(body);
    return Response.json(body, { status });
  }

  /** The signed-in member, or null: a token this server does not know counts as none. */
  function member(headers: Headers): string | null {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('Authorization') ?? '')?.[1];
    return (bearer && sessions.get(bearer)) || null;
  }

  function ownerOf(headers: Headers): Owner | null {
    const email = member(headers);
    if (email) return { email };
    const anonymous = headers.get(ANONYMOUS_TOKEN_HEADER)?.trim();
    return anonymous && ANONYMOUS_TOKEN.test(anonymous) ? { anonymous } : null;
  }
  const ownerKey = (who: Owner) => ('email' in who ? who.email : `anon:${who.anonymous}`);

  function requireOwner(headers: Headers): Owner {
    const owner = ownerOf(headers);
    if (!owner) throw new Refusal('AUTH_REQUIRED', AUTH_MESSAGES.authenticationRequired);
    return owner;
  }

  function ownedPodcast(headers: Headers, id: string | undefined): StoredPodcast {
    const key = ownerKey(requireOwner(headers));
    const podcast = podcasts.find((p) => p.id === id && p.owner === key);
    if (!podcast) throw new Refusal('NOT_FOUND', 'Podcast not found');
    return podcast;
  }

  const publicView = ({ owner: _owner, ...podcast }: StoredPodcast): Podcast => podcast;

  function signIn(name: 'login' | 'register', email: string) {
    const token = `token-${nextToken++}`;
    sessions.set(token, email);
    return answer(name, { success: true, user: accounts.get(email)!.user, token });
  }

  function eventStream(podcast: StoredPodcast): Response {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const [sent, { made, ...stage }] of STAGES.entries()) {
          if (hold && sent >= hold.after) await hold.released;
          if (made !== undefined) {
            Object.assign(podcast, {
              streamUrl: `/api/podcasts/${podcast.id}/stream.m3u8?t=signed`,
              audioSeconds: made,
              estimatedSeconds: EPISODE_SECONDS,
            });
          }
          if (stage.status === 'ready') {
            Object.assign(podcast, {
              audioUrl: `/api/podcasts/${podcast.id}/audio?t=signed`,
              hasScript: true,
              audioSeconds: EPISODE_SECONDS,
              estimatedSeconds: EPISODE_SECONDS,
              durationSeconds: EPISODE_SECONDS,
            });
          }
          Object.assign(podcast, stage);
          const event = eventOf(podcast);
          const checked = ENDPOINTS.podcastEvents.event?.safeParse(event);
          if (checked && !checked.success) offContract.push(`event ${JSON.stringify(event)}: ${checked.error.message}`);
          controller.enqueue(encoder.encode(`event: podcast\ndata: ${JSON.stringify(event)}\nid: ${Date.now()}\n\n`));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
  }

  /** The routes this fake models, each answering as the real one does. */
  function route(name: EndpointName, params: PathParams, request: Request, body: unknown): Response {
    const { headers } = request;
    switch (name) {
      case 'register': {
        const { email, password } = body as { email: string; password: string };
        if (accounts.has(email)) throw new Refusal('EMAIL_TAKEN', 'An account with this email already exists');
        accounts.set(email, { password, user: { email, name: null, isPremium: false } });
        return signIn('register', email);
      }
      case 'login': {
        const { email, password } = body as { email: string; password: string };
        const account = accounts.get(email);
        if (!account || account.password !== password) throw new Refusal('LOGIN_FAILED', AUTH_MESSAGES.invalidCredentials);
        return signIn('login', email);
      }
      case 'logout': {
        const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('Authorization') ?? '')?.[1];
        if (bearer) sessions.delete(bearer);
        return answer('logout', { success: true });
      }
      case 'me': {
        const email = member(headers);
        if (!email) throw new Refusal('AUTH_REQUIRED', AUTH_MESSAGES.authenticationRequired);
        return answer('me', { success: true, user: accounts.get(email)!.user });
      }
      case 'listPodcasts': {
        const owner = ownerOf(headers);
        const mine = owner ? podcasts.filter((p) => p.owner === ownerKey(owner)) : [];
        return answer('listPodcasts', { podcasts: mine.map(publicView).reverse() });
      }
      case 'createPodcast': {
        const owner = requireOwner(headers);
        if ('url' in (body as object)) throw new Error('this fake does not fetch pages: send { title, text, sourceUrl }');
        const input = 'sources' in (body as object) ? severalSources(body as CreateFromSources, fileNames.get(request)) : { ...(body as CreateFromText), sources: null, unreadable: [] };
        const podcast: StoredPodcast = {
          ...podcastFixture({
            id: `p${nextPodcast++}`,
            title: input.title || fallbackTitle(input.text),
            sourceUrl: input.sourceUrl,
            sources: input.sources,
            unreadable: input.unreadable,
            voice: input.voice ?? null,
            createdAt: new Date().toISOString(),
            // The real server's default without an AI.
            mode: input.mode ?? ('email' in owner ? accounts.get(owner.email)!.user.defaultMode : null) ?? 'read',
            minutes: input.minutes ?? null,
          }),
          owner: ownerKey(owner),
        };
        podcasts.push(podcast);
        return answer('createPodcast', publicView(podcast));
      }
      case 'estimatePodcast': {
        if ('url' in (body as object) || 'file' in (body as object)) throw new Error('this fake estimates text only: send { title, text }');
        const input = 'sources' in (body as object) ? severalSources(body as CreateFromSources, fileNames.get(request)) : (body as CreateFromText);
        const words = input.text.split(/\s+/).filter(Boolean).length;
        // A stand-in for the server's figure: the article at 180 words a minute, or the length asked when shorter.
        const read = Math.round((words / 180) * 60);
        const mode = input.mode ?? 'read';
        const asked = mode === 'read' ? null : mode === 'brief' ? BRIEF_MINUTES : (input.minutes ?? PODCAST_MINUTES.default);
        const estimatedSeconds = asked === null ? read : Math.min(read, asked * 60);
        return answer('estimatePodcast', { words, estimatedSeconds, language: 'en', title: input.title || fallbackTitle(input.text), pages: null, listing: null, unreadable: [] });
      }
      case 'getPodcast':
        return answer('getPodcast', publicView(ownedPodcast(headers, params.id)));
      case 'savePosition': {
        const podcast = ownedPodcast(headers, params.id);
        const { positionSeconds } = body as { positionSeconds: number };
        podcast.positionSeconds = podcast.durationSeconds === null ? positionSeconds : Math.min(positionSeconds, podcast.durationSeconds);
        return answer('savePosition', { success: true });
      }
      case 'podcastEvents': {
        // The real server also accepts a signed ?t= token in place of the caller's headers.
        const token = new URL(request.url).searchParams.get('t');
        const podcast = token === 'signed' ? podcasts.find((p) => p.id === params.id) : ownedPodcast(headers, params.id);
        if (!podcast) throw new Refusal('NOT_FOUND', 'Podcast not found');
        return eventStream(podcast);
      }
      case 'transcript': {
        ownedPodcast(headers, params.id);
        return answer('transcript', transcripts.get(params.id!) ?? { complete: false, cues: [], chapters: [] });
      }
      case 'savePreferences': {
        const email = member(headers);
        if (!email) throw new Refusal('AUTH_REQUIRED', AUTH_MESSAGES.authenticationRequired);
        const user = accounts.get(email)!.user;
        Object.assign(user, body as object);
        const preferences = { defaultMode: user.defaultMode ?? null, defaultMinutes: user.defaultMinutes ?? null, playbackRate: user.playbackRate ?? null };
        return answer('savePreferences', { preferences });
      }
      case 'markPlayed': {
        const podcast = ownedPodcast(headers, params.id);
        podcast.playedAt = new Date().toISOString();
        return answer('markPlayed', publicView(podcast));
      }
      case 'getQueue':
      case 'setQueue': {
        const email = member(headers);
        if (!email) throw new Refusal('AUTH_REQUIRED', AUTH_MESSAGES.authenticationRequired);
        if (name === 'setQueue') {
          const { podcastIds } = body as { podcastIds: string[] };
          if (podcastIds.some((id) => !podcasts.some((p) => p.id === id && p.owner === email))) {
            throw new Refusal('VALIDATION_ERROR', 'The queue names a podcast that is not yours or does not exist.');
          }
          queues.set(email, podcastIds);
        }
        return answer(name, { podcastIds: queues.get(email) ?? [] });
      }
      case 'voices':
        return answer('voices', { voices, defaultVoice: 'en-gb' });
      default:
        throw new Error(`this fake does not model ${name}`);
    }
  }

  /** A form's file names by part, as the real server names a file it leaves out. */
  const fileNames = new WeakMap<Request, Map<string, string>>();

  /** A JSON body; or a form carrying files, whose JSON is its `request` part (the files ride as parts of their own). */
  async function readBody(request: Request): Promise<unknown> {
    if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) return request.json().catch(() => undefined);
    const form = await request.formData().catch(() => null);
    const names = new Map<string, string>();
    form?.forEach((value, part) => {
      if (typeof value !== 'string') names.set(part, value.name);
    });
    fileNames.set(request, names);
    const json = form?.get(UPLOAD_FORM.request);
    return typeof json === 'string' ? new Response(json).json().catch(() => undefined) : undefined;
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body: unknown = ['POST', 'PUT', 'PATCH'].includes(request.method) ? await readBody(request) : undefined;
    requests.push({ method: request.method, path: url.pathname, headers: request.headers, body });
    const match = matchEndpoint(request.method, url.pathname);
    try {
      if (!match) throw new Refusal('NOT_FOUND', `No API route for ${request.method} ${url.pathname}`);
      const { name, endpoint, params } = match;
      let input = body;
      if (endpoint.kind === 'json' && endpoint.request) {
        const checked = endpoint.request.safeParse(body);
        if (!checked.success) {
          const message = checked.error.issues[0]?.message ?? 'Invalid request';
          throw new Refusal(CODE_FOR_MESSAGE[message] ?? 'VALIDATION_ERROR', message);
        }
        input = checked.data;
      }
      return route(name, params, request, input);
    } catch (err) {
      if (err instanceof Refusal) return refuse(err);
      offContract.push(`${request.method} ${url.pathname}: ${err instanceof Error ? err.message : String(err)}`);
      return refuse(new Refusal('INTERNAL_ERROR', AUTH_MESSAGES.server));
    }
  }

  return {
    origin,
    requests,
    /** What this fake answered off the shared contract, or could not answer; a test expects none. */
    offContract,
    /** Registers an account directly, as if made in the web app. */
    addAccount(email: string, password: string, user: Partial<User> = {}) {
      accounts.set(email, { password, user: { email, name: null, isPremium: false, ...user } });
    },
    /** The podcast's timed transcript from now on. */
    setTranscript(podcastId: string, transcript: Transcript) {
      transcripts.set(podcastId, transcript);
    },
    /** The podcast as stored (a test reads what was asked, e.g. its mode). */
    podcast(podcastId: string): Podcast | undefined {
      const found = podcasts.find((p) => p.id === podcastId);
      return found && publicView(found);
    },
    /** A member's queue as stored. */
    queueOf(email: string): string[] {
      return queues.get(email) ?? [];
    },
    /** Changes a member's preferences, as the web app would. */
    setPreferences(email: string, preferences: Partial<Pick<User, 'defaultMode' | 'defaultMinutes' | 'playbackRate'>>) {
      Object.assign(accounts.get(email)!.user, preferences);
    },
    /** Revokes every session, as an expiry or a sign-out elsewhere would. */
    revokeSessions() {
      sessions.clear();
    },
    /**
     * Holds every event stream after `after` events (3: until the first part of the episode is made)
     * until the answered function is called.
     */
    holdEventsAfter(after: number): () => void {
      let release!: () => void;
      hold = { after, released: new Promise<void>((resolve) => (release = resolve)) };
      return () => {
        hold = null;
        release();
      };
    },
    /** While down, every request fails as an unreachable host does. */
    setDown(value: boolean) {
      down = value;
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      if (down || !request.url.startsWith(origin)) throw new TypeError('Failed to fetch');
      return handle(request);
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
