/**
 * createApp(deps): middleware, the API's routes, the web app's files, one not-found and one error
 * handler. No module-level state: everything comes in through deps.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import { isWebPage } from '../shared/pages.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../shared/api/error.ts';
import { AUTH_MESSAGES } from '../shared/errors.ts';
import type { AppDeps } from './deps.ts';
import type { AppEnv } from './http/app-env.ts';
import { AppError } from './errors.ts';
import { healthRoutes } from './routes/health.ts';
import { authRoutes } from './routes/auth.ts';
import { loadCaller } from './http/caller.ts';
import { refuseCrossSiteRequests } from './http/csrf.ts';
import { answerBeforeTheBodyEnds } from './http/upload.ts';
import { refuseOtherHosts } from './http/host.ts';
import { refuseNulInAddress } from './http/nul.ts';
import { podcastRoutes } from './routes/podcasts.ts';
import { bookmarkRoutes } from './routes/bookmarks.ts';
import { questionRoutes } from './routes/questions.ts';
import { playedRoutes, queueRoutes } from './routes/listening.ts';
import { sharePageRoutes, shareRoutes, sharedRoutes } from './routes/share.ts';
import { followRoutes } from './routes/follows.ts';
import { pronunciationRoutes, speechTextRoutes } from './routes/pronunciations.ts';
import { feedRoutes } from './routes/feed.ts';
import { podcastTranscriptRoutes, sharedTranscriptRoutes } from './routes/transcripts.ts';
import { voiceRoutes } from './routes/voices.ts';
import { capabilityRoutes } from './routes/capabilities.ts';
import { stripeRoutes } from './routes/stripe.ts';

/** Request bodies the API accepts; an article of 200,000 characters fits with room to spare. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Routes that take PDFs as files: their bodies are read and capped by http/upload.ts. */
const TAKES_FILES = new Set(['/api/podcasts', '/api/podcasts/estimate']);
const takesFiles = (c: Context) => c.req.method === 'POST' && TAKES_FILES.has(c.req.path);
/** The requests a client makes just before it asks for a podcast (the home page's and the popup's). */
const BEFORE_A_PODCAST = new Set(['GET /api/capabilities', 'GET /api/voices', 'POST /api/podcasts/estimate', 'POST /api/podcasts']);

export function createApp(deps: AppDeps) {
  const { logger, config } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const fields = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: redactSecrets(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    // A 503 with Retry-After is an answer ("not yet, ask again"), not a fault.
    const askedBack = c.res.status === 503 && c.res.headers.has('Retry-After');
    if (c.res.status >= 500 && !askedBack) logger.error('request', fields);
    else if (c.req.path.startsWith('/api/')) logger.info('request', fields);
    else logger.debug('request', fields);
  });
  // Whatever answers an upload early (a cap, a refusal), the client reads it: the body's rest is read and dropped.
  const finishUploads = answerBeforeTheBodyEnds();
  app.use((c, next) => (takesFiles(c) ? finishUploads(c, next) : next()));
  // A signed audio address plays in any <audio> element, including the extension's player (another
  // site): its resource policy must allow that. Registered before secureHeaders so it runs after it.
  const playsAnywhere = async (c: Context, next: Next) => {
    await next();
    c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  };
  app.use('/api/podcasts/:id/audio', playsAnywhere);
  // An answer to a question, likewise (the extension's popup plays it).
  app.use('/api/podcasts/:id/questions/:questionId/audio', playsAnywhere);
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-site',
    }),
  );
  app.use(refuseOtherHosts(config));
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The request body is too large' });
  };
  const anyBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  app.use('/api/*', (c, next) => (takesFiles(c) ? next() : anyBody(c, next)));

  // The voice and the encoder start loading as a podcast comes near, not while nobody uses the server.
  app.use('/api/*', (c, next) => {
    if (BEFORE_A_PODCAST.has(`${c.req.method} ${c.req.path}`)) deps.warmUp?.();
    return next();
  });
  app.use('/api/*', refuseNulInAddress());
  app.use('/api/*', refuseCrossSiteRequests(config, takesFiles));
  app.use('/api/*', loadCaller(deps));

  app.route('/api/health', healthRoutes(deps));
  app.route('/api/auth', authRoutes(deps));
  app.route('/api/podcasts', podcastRoutes(deps));
  app.route('/api/podcasts', bookmarkRoutes(deps));
  app.route('/api/podcasts', questionRoutes(deps));
  app.route('/api/podcasts', playedRoutes(deps));
  app.route('/api/queue', queueRoutes(deps));
  app.route('/api/podcasts', shareRoutes(deps));
  app.route('/api/shared', sharedRoutes(deps));
  app.route('/api/podcasts', podcastTranscriptRoutes(deps));
  app.route('/api/shared', sharedTranscriptRoutes(deps));
  app.route('/api/feed', feedRoutes(deps));
  app.route('/api/follows', followRoutes(deps));
  app.route('/api/voices', voiceRoutes(deps));
  app.route('/api/pronunciations', pronunciationRoutes(deps));
  app.route('/api/speech-text', speechTextRoutes(deps));
  app.route('/api/capabilities', capabilityRoutes(deps));
  app.route('/api/stripe', stripeRoutes(deps));

  app.all('/api/*', (c) =>
    c.json(errorBody('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`, c.get('requestId')), 404),
  );

  // A share link's page carries its preview tags, and answers 404 when it shares nothing.
  app.route('/shared', sharePageRoutes(deps));
  // The web app: its files, and index.html for every other path so its router shows the screen; a
  // path the app has no page for is still its "Page Not Found", answered 404.
  const indexHtml = path.join(config.webDistDir, 'index.html');
  // Mounted only when built (npm start builds first), so a server without it explains itself below.
  if (fs.existsSync(config.webDistDir)) app.use('/*', serveStatic({ root: config.webDistDir }));
  app.get('*', (c) => {
    if (!fs.existsSync(indexHtml)) {
      return c.text('The web app is not built yet: run `npm run build:web` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexHtml, 'utf8'), isWebPage(c.req.path) ? 200 : 404);
  });

  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'Not found', c.get('requestId')), 404));

  app.onError((err, c) => {
    const id = c.get('requestId');
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      if (err.status >= 500) logger.error(err.message, { requestId: id, code: err.code, err });
      return c.json(errorBody(err.code, err.message, id), err.status as ContentfulStatusCode);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 401 ? 'AUTH_REQUIRED' : err.status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
      return c.json(errorBody(code, err.message || 'Bad request', id), err.status);
    }
    logger.error('unhandled error', { requestId: id, err });
    return c.json(errorBody('INTERNAL_ERROR', AUTH_MESSAGES.server, id), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/** Feed and share addresses carry their secret in the path: logs keep the route, not the key. */
export function redactSecrets(path: string): string {
  return path.replace(/^\/api\/(feed|shared)\/(?!rotate$)[^/]+/, '/api/$1/[secret]').replace(/^\/shared\/[^/]+/, '/shared/[secret]');
}

export function errorBody(code: ErrorBody['error']['code'], message: string, requestId?: string): ErrorBody {
  return { success: false, error: { code, message, ...(requestId ? { requestId } : {}) } };
}
