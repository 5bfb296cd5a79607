/** What this server can make: an AI writer or not, the mode it picks when none is asked, the languages the voices speak. */
import type { Capabilities } from '../../shared/api/capabilities.ts';
import type { Config } from '../config.ts';
import { SPOKEN_LANGUAGES } from '../machinery/speech/language-voices.ts';
import { aiConfigured, serverDefaultMode } from './choose-mode.ts';

export function describeCapabilities(deps: { config: Pick<Config, 'openai'> }): Capabilities {
  return { aiWriter: aiConfigured(deps.config), defaultMode: serverDefaultMode(deps.config), languages: [...SPOKEN_LANGUAGES] };
}
