import type { Caller } from '../use-cases/identify-caller.ts';

/** Hono's environment for every route: request id and the caller, set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The signed-in member, or null; set by loadCaller on /api/*. */
    caller: Caller | null;
  };
}
