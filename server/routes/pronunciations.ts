/**
 * `GET`/`PUT /api/pronunciations`: the member's own pronunciations, replaced whole (a list that
 * breaks a limit is refused with the entry named, and the saved one stays). `POST /api/speech-text`:
 * what the voice is given for a text, with the caller's list (none for a visitor); `POST
 * /api/speech-text/audio`: that text spoken in the member's voice, for the editor's "Hear it".
 */
import { Hono } from 'hono';
import { pronunciationListSchema, speechTextRequestSchema } from '../../shared/api/pronunciations.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress, requireCaller } from '../http/caller.ts';
import { validate } from '../http/validate.ts';
import { getPronunciations } from '../use-cases/get-pronunciations.ts';
import { readSpeechText } from '../use-cases/read-speech-text.ts';
import { savePronunciations } from '../use-cases/save-pronunciations.ts';
import { speakPreview } from '../use-cases/speak-preview.ts';

export function pronunciationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await getPronunciations(deps, requireCaller(c))))
    .put('/', validate('json', pronunciationListSchema), async (c) =>
      c.json(await savePronunciations(deps, requireCaller(c), c.req.valid('json').entries)),
    );
}

export function speechTextRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/', validate('json', speechTextRequestSchema), async (c) => {
      const caller = c.get('caller');
      const clientAt = caller ? null : clientAddress(c, deps.config.trustProxy);
      return c.json(await readSpeechText(deps, { ...c.req.valid('json'), caller, clientAddress: clientAt }));
    })
    .post('/audio', validate('json', speechTextRequestSchema), async (c) => {
      const audio = await speakPreview(deps, requireCaller(c), c.req.valid('json'), c.req.raw.signal);
      return c.body(audio, 200, { 'Content-Type': 'audio/mpeg', 'Cache-Control': 'no-store' });
    });
}
