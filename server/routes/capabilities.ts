/** `GET /api/capabilities`: what this server can make (see the shared schema). */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { describeCapabilities } from '../use-cases/describe-capabilities.ts';

export function capabilityRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => c.json(describeCapabilities(deps)));
}
