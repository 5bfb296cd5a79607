import { z } from 'zod';

/** The answer of a request that changes something and has nothing else to say: `{ success: true }`. */
export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;
