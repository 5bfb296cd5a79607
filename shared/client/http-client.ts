/**
 * The transport under the Pagecast client: who the caller is (a session by bearer token or by
 * cookie, and this browser's anonymous token), where the server is, and the turning of every answer
 * into either its parsed body or an ApiError. The fetch function is passed in, so the same code runs
 * in a page, an extension's service worker, Node and tests.
 */
import type { z } from 'zod';
import { ANONYMOUS_TOKEN_HEADER } from '../constants.ts';
import { ApiError, errorFromAnswer, invalidAnswer, isAbort, networkError } from './api-error.ts';
import { buildPath, type JsonEndpoint, type PathParams, type StreamEndpoint } from './endpoints.ts';

type MaybePromise<T> = T | Promise<T>;
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/**
 * How the caller proves the session. `bearer`: the token goes in an Authorization header and no
 * cookie is sent (the extension). `cookie`: the browser sends the session cookie; a token, when the
 * app also keeps one, goes along as a bearer header (the web app).
 */
export type ClientAuth =
  | { kind: 'bearer'; token: () => MaybePromise<string | null> }
  | { kind: 'cookie'; token?: () => MaybePromise<string | null> };

export interface ClientOptions {
  /** The server's origin, e.g. 'http://localhost:8787'; '' for the page's own origin. */
  baseUrl?: string;
  auth: ClientAuth;
  /** This browser's anonymous token: ties podcasts made before signing in to the browser. */
  anonymousToken?: () => MaybePromise<string | null>;
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: FetchFunction;
  /** Give up on an answer that has not arrived after this long (a NETWORK_ERROR). */
  timeoutMs?: number;
  /** A request that carried a session token was refused as unauthenticated (401): the session ended. */
  onSessionRejected?: (error: ApiError, token: string) => void;
}

export interface CallOptions {
  params?: PathParams;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart/form-data body instead (files as they are); the browser writes its Content-Type. */
  form?: FormData;
  signal?: AbortSignal;
  /** Let the request outlive the page (the last position saved as a tab closes). */
  keepalive?: boolean;
  /** The session token for this one call instead of the current one; null sends none. */
  token?: string | null;
}

export interface HttpClient {
  /** Calls a JSON endpoint; answers its body checked with the endpoint's response schema. */
  call<Response extends z.ZodType>(endpoint: JsonEndpoint<Response>, options?: CallOptions): Promise<z.output<Response>>;
  /** Opens a stream endpoint (events, a file); answers the Response once its headers arrived. */
  open(endpoint: StreamEndpoint, options?: CallOptions): Promise<Response>;
}

/** Creates the transport. Every failure is thrown as an ApiError, except the caller's own abort. */
export function createHttpClient(options: ClientOptions): HttpClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const fetchFn: FetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(
    method: string,
    path: string,
    accept: string,
    call: CallOptions,
  ): Promise<{ res: Response; stopTimer: () => void; done: () => void; timedOut: () => boolean }> {
    const token = call.token !== undefined ? call.token : ((await options.auth.token?.()) ?? null);
    const anonymous = (await options.anonymousToken?.()) ?? null;
    const headers: Record<string, string> = { Accept: accept };
    if (anonymous) headers[ANONYMOUS_TOKEN_HEADER] = anonymous;
    if (!call.form && (call.body !== undefined || method !== 'GET')) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    call.signal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort(call.signal?.reason);
    call.signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, options.timeoutMs);
    const stopTimer = () => clearTimeout(timer);
    const done = () => {
      stopTimer();
      call.signal?.removeEventListener('abort', onAbort);
    };

    let res: Response;
    try {
      res = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers,
        body: call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
        credentials: options.auth.kind === 'cookie' ? 'include' : 'omit',
        signal: controller.signal,
        ...(call.keepalive ? { keepalive: true } : {}),
      });
    } catch (err) {
      done();
      if (!timedOut && (call.signal?.aborted || isAbort(err))) throw call.signal?.reason ?? err;
      throw networkError();
    }
    if (!res.ok) {
      const body: unknown = await res.json().catch(() => undefined);
      done();
      const error = errorFromAnswer(res.status, body);
      if (res.status === 401 && token) options.onSessionRejected?.(error, token);
      throw error;
    }
    return { res, stopTimer, done, timedOut: () => timedOut };
  }

  return {
    async call(endpoint, call = {}) {
      const path = buildPath(endpoint, call.params, call.query);
      const { res, done, timedOut } = await send(endpoint.method, path, 'application/json', call);
      let data: unknown;
      try {
        data = await res.json();
      } catch (err) {
        if (timedOut()) throw networkError();
        if (call.signal?.aborted) throw call.signal.reason ?? err;
        data = undefined;
      } finally {
        done();
      }
      const parsed = endpoint.response.safeParse(data);
      if (!parsed.success) throw invalidAnswer(res.status, endpoint.invalidMessage);
      return parsed.data;
    },
    async open(endpoint, call = {}) {
      const path = buildPath(endpoint, call.params, call.query);
      const { res, stopTimer } = await send(endpoint.method, path, endpoint.accept, call);
      // The body may flow for minutes (an event stream): the timeout covers only the wait for it,
      // while the caller's abort still stops the download.
      stopTimer();
      return res;
    },
  };
}
