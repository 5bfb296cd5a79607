/** `GET /api/voices`: the configured engine's voices; `PUT /api/voices/default`: a Premium member's pick. */
import { Hono } from 'hono';
import { setVoiceSchema } from '../../shared/api/premium.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requirePremium } from '../http/premium.ts';
import { validate } from '../http/validate.ts';
import { VOICE_MESSAGE } from '../use-cases/choose-voice.ts';
import { listVoices } from '../use-cases/list-voices.ts';
import { setDefaultVoice } from '../use-cases/set-default-voice.ts';

export function voiceRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      return c.json(await listVoices(deps));
    })
    .put('/default', validate('json', setVoiceSchema), async (c) => {
      const caller = requirePremium(c, VOICE_MESSAGE);
      return c.json({ defaultVoice: await setDefaultVoice(deps, caller.userId, c.req.valid('json').voice) });
    });
}
