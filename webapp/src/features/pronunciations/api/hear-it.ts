/** "Hear it": what the voice is given for a text, and its audio in the member's voice (an object URL to play). */
import { useMutation } from '@tanstack/react-query';
import type { SpeechTextRequest } from '../../../../../shared/api/pronunciations.ts';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';

export async function hearIt(request: SpeechTextRequest): Promise<{ text: string; audioUrl: string }> {
  const [text, audio] = await Promise.all([pagecast.pronunciations.speechText(request), pagecast.pronunciations.hear(request)]);
  return { text, audioUrl: URL.createObjectURL(audio) };
}

export function useHearIt(config: MutationConfig<typeof hearIt> = {}) {
  return useMutation({ ...config, mutationFn: hearIt });
}
