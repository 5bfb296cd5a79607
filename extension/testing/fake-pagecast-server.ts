/**
 * A stand-in for the Pagecast server in the extension's unit tests: the real API's routes, shapes and
 * error bodies (shared/api), held in memory and answered through a fetch function. Tests assert what
 * the extension does with its answers and what it sends, never what this fake was told to say.
 */
import { createFromTextSchema, type Podcast, type PodcastEvent } from '../../shared/api/podcasts.ts';
import type { User } from '../../shared/api/auth.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import type { ErrorCode } from '../../shared/errors.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** The stages a podcast goes through on this server, one server-sent event each. */
const STAGES: Pick<PodcastEvent, 'status' | 'progress'>[] = [
  { status: 'queued', progress: 0 },
  { status: 'writing', progress: 35 },
  { status: 'speaking', progress: 70 },
  { status: 'ready', progress: 100 },
];

export function createFakeServer(origin = 'http://localhost:8787') {
  const accounts = new Map<string, { password: string; user: User }>();
  const sessions = new Map<string, string>();
  const podcasts: (Podcast & { owner: string })[] = [];
  const requests: RecordedRequest[] = [];
  let down = false;
  let nextToken = 1;
  let nextPodcast = 1;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const error = (status: number, code: ErrorCode, message: string) =>
    json(status, { success: false, error: { code, message } });

  function caller(headers: Headers): { email: string } | { anonymous: string } | null {
    const bearer = /^Bearer (.+)$/.exec(headers.get('Authorization') ?? '')?.[1];
    if (bearer) {
      const email = sessions.get(bearer);
      return email ? { email } : null;
    }
    const anonymous = headers.get(ANONYMOUS_TOKEN_HEADER);
    return anonymous ? { anonymous } : null;
  }
  const ownerKey = (who: { email: string } | { anonymous: string }) => ('email' in who ? who.email : `anon:${who.anonymous}`);

  function signIn(email: string, status: number) {
    const token = `token-${nextToken++}`;
    sessions.set(token, email);
    return json(status, { success: true, user: accounts.get(email)!.user, token });
  }

  function eventStream(podcast: Podcast): Response {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const stage of STAGES) {
          const ready = stage.status === 'ready';
          Object.assign(podcast, stage, ready ? { audioUrl: `/api/podcasts/${podcast.id}/audio?t=signed`, durationSeconds: 42 } : {});
          const event: PodcastEvent = {
            id: podcast.id,
            status: podcast.status,
            progress: podcast.progress,
            title: podcast.title,
            audioUrl: podcast.audioUrl,
            error: null,
          };
          controller.enqueue(encoder.encode(`event: podcast\ndata: ${JSON.stringify(event)}\n\n`));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body: unknown = request.method === 'POST' || request.method === 'PUT' ? await request.json().catch(() => undefined) : undefined;
    requests.push({ method: request.method, path: url.pathname, headers: request.headers, body });
    const who = caller(request.headers);
    const route = `${request.method} ${url.pathname}`;
    const credentials = body as { email?: string; password?: string } | undefined;

    if (route === 'POST /api/auth/register') {
      const email = credentials?.email ?? '';
      if (accounts.has(email)) return error(409, 'EMAIL_TAKEN', 'An account with this email already exists');
      accounts.set(email, { password: credentials?.password ?? '', user: { email, name: null, isPremium: false } });
      return signIn(email, 201);
    }
    if (route === 'POST /api/auth/login') {
      const account = accounts.get(credentials?.email ?? '');
      if (!account || account.password !== credentials?.password) {
        return error(401, 'LOGIN_FAILED', 'Invalid email or password');
      }
      return signIn(credentials!.email!, 200);
    }
    if (route === 'POST /api/auth/logout') {
      const bearer = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
      if (bearer) sessions.delete(bearer);
      return json(200, { success: true });
    }
    if (route === 'GET /api/auth/me') {
      if (!who || !('email' in who)) return error(401, 'AUTH_REQUIRED', 'Authentication required');
      return json(200, { success: true, user: accounts.get(who.email)!.user });
    }
    if (request.headers.get('Authorization') && !who) return error(401, 'INVALID_TOKEN', 'Invalid or expired token');
    if (route === 'GET /api/podcasts') {
      const mine = who ? podcasts.filter((p) => p.owner === ownerKey(who)) : [];
      return json(200, { podcasts: mine.map(({ owner: _owner, ...p }) => p).reverse() });
    }
    if (route === 'POST /api/podcasts') {
      if (!who) return error(401, 'AUTH_REQUIRED', 'Authentication required');
      const input = createFromTextSchema.safeParse(body);
      if (!input.success) return error(400, 'VALIDATION_ERROR', input.error.issues[0]!.message);
      const podcast: Podcast & { owner: string } = {
        id: `p${nextPodcast}`,
        title: input.data.title,
        content: input.data.text,
        image: '/podcast-cover.svg',
        progress: 0,
        status: 'queued',
        audioUrl: null,
        eventsUrl: `/api/podcasts/p${nextPodcast}/events?t=signed`,
        sourceUrl: input.data.sourceUrl,
        shareUrl: null,
        error: null,
        fallbackReason: null,
        voice: null,
        durationSeconds: null,
        positionSeconds: null,
        createdAt: new Date().toISOString(),
        owner: ownerKey(who),
      };
      nextPodcast++;
      podcasts.push(podcast);
      const { owner: _owner, ...answer } = podcast;
      return json(201, answer);
    }
    const position = /^\/api\/podcasts\/([^/]+)\/position$/.exec(url.pathname);
    if (request.method === 'PUT' && position) {
      const mine = who && podcasts.find((p) => p.id === position[1] && p.owner === ownerKey(who));
      if (!mine) return error(404, 'NOT_FOUND', 'Podcast not found');
      mine.positionSeconds = (body as { positionSeconds: number }).positionSeconds;
      return json(200, { success: true });
    }
    const match = /^\/api\/podcasts\/([^/]+)(\/events)?$/.exec(url.pathname);
    const podcast = match && who ? podcasts.find((p) => p.id === match[1] && p.owner === ownerKey(who)) : undefined;
    if (request.method === 'GET' && match && podcast) {
      if (match[2]) return eventStream(podcast);
      const { owner: _owner, ...answer } = podcast;
      return json(200, answer);
    }
    return error(404, 'NOT_FOUND', 'Not found');
  }

  return {
    origin,
    requests,
    /** Registers an account directly, as if made in the web app. */
    addAccount(email: string, password: string, user: Partial<User> = {}) {
      accounts.set(email, { password, user: { email, name: null, isPremium: false, ...user } });
    },
    /** Revokes every session, as an expiry or a sign-out elsewhere would. */
    revokeSessions() {
      sessions.clear();
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
