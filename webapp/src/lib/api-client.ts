/**
 * The web app's instance of the shared Pagecast client. It calls the page's own server, sends the
 * session cookie and, when one is stored, the bearer token, and sends this browser's anonymous token
 * so podcasts made before signing in can move into the account.
 *
 * The client, with the schemas that check every answer, loads with the first call: every call answers
 * a promise, so the first screen paints without the schema library.
 */
import type { ApiError } from '../../../shared/client/api-error.ts';
import type { ClientOptions } from '../../../shared/client/http-client.ts';
import type { PagecastClient } from '../../../shared/client/pagecast-client.ts';
import { STORAGE_KEYS } from '../../../shared/constants.ts';

const ANONYMOUS_TOKEN_KEY = 'pagecast-anonymous-token';

/** A random token that ties this browser's anonymous podcasts together. */
function anonymousToken(): string {
  let token = localStorage.getItem(ANONYMOUS_TOKEN_KEY);
  if (!token) {
    token = crypto.randomUUID();
    localStorage.setItem(ANONYMOUS_TOKEN_KEY, token);
  }
  return token;
}

type Listener = (error: ApiError) => void;
const sessionRejectedListeners = new Set<Listener>();

/** Called when a request that carried a session is refused as unauthenticated (expired or revoked). */
export function onSessionRejected(listener: Listener): () => void {
  sessionRejectedListeners.add(listener);
  return () => sessionRejectedListeners.delete(listener);
}

const options: ClientOptions = {
  auth: { kind: 'cookie', token: () => localStorage.getItem(STORAGE_KEYS.authToken) },
  anonymousToken,
  onSessionRejected: (error) => {
    for (const listener of sessionRejectedListeners) listener(error);
  },
};

let client: Promise<PagecastClient> | undefined;

/** The client itself, loaded once. */
export function loadPagecastClient(): Promise<PagecastClient> {
  return (client ??= import('../../../shared/client/pagecast-client.ts').then((m) => m.createPagecastClient(options)));
}

/** Every call of the client, each answering a promise (a call that did not would not type-check here). */
type LazyClient<Client> = {
  readonly [Group in keyof Client]: {
    readonly [Call in keyof Client[Group]]: Client[Group][Call] extends (...args: infer Args) => Promise<infer Answer>
      ? (...args: Args) => Promise<Answer>
      : never;
  };
};

const groups = new Map<string, object>();

function lazyGroup(group: string): object {
  let calls = groups.get(group);
  if (!calls) {
    calls = new Proxy(
      {},
      {
        // Only calls are looked up: no `then`, so a group is never taken for a promise.
        get: (_target, call) =>
          typeof call !== 'string' || call === 'then'
            ? undefined
            : (...args: unknown[]) =>
                loadPagecastClient().then((loaded) =>
                  (loaded[group as keyof PagecastClient] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[call]!(...args),
                ),
      },
    );
    groups.set(group, calls);
  }
  return calls;
}

export const pagecast = new Proxy({} as LazyClient<PagecastClient>, {
  get: (_target, group) => (typeof group !== 'string' || group === 'then' ? undefined : lazyGroup(group)),
});
