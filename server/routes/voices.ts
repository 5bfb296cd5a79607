import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { setVoiceSchema } from '../../shared/api/premium.ts';
import { users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../errors.ts';
import { requirePremium } from '../http/premium.ts';
import { validate } from '../http/validate.ts';

export const VOICES_MESSAGE = 'Upgrade to Premium to choose a voice';

/** `GET /api/voices`: the configured engine's voices; `PUT /api/voices/default`: a Premium member's pick. */
export function voiceRoutes({ db, speech }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      return c.json({ voices: await speech.voices(), defaultVoice: speech.defaultVoice });
    })
    .put('/default', validate('json', setVoiceSchema), async (c) => {
      const caller = requirePremium(c, VOICES_MESSAGE);
      const { voice } = c.req.valid('json');
      if (!(await speech.voices()).some((v) => v.id === voice)) {
        throw new AppError('VALIDATION_ERROR', { message: `Unknown voice: ${voice}` });
      }
      await db.update(users).set({ defaultVoice: voice }).where(eq(users.id, caller.userId));
      return c.json({ defaultVoice: voice });
    });
}
