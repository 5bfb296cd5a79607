/** `GET /api/capabilities`: what this server can make, so clients offer only what works. */
import { z } from 'zod';
import { modeField } from './podcast-modes.ts';

export const capabilitiesSchema = z.object({
  /** An AI model writes the scripts: Podcast, Brief and Conversation retell the article. Without one they read it as written. */
  aiWriter: z.boolean(),
  /** The mode of a podcast asked with none, for a member with no default of their own. */
  defaultMode: modeField,
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;
