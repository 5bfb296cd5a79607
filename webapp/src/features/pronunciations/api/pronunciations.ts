/** The member's pronunciation list (read and saved whole) and "Hear it"'s text and audio. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PronunciationInput, SpeechTextRequest } from '../../../../../shared/api/pronunciations.ts';
import { pagecast } from '../../../lib/api-client.ts';

const PRONUNCIATIONS_KEY = ['pronunciations'] as const;

export function usePronunciations() {
  return useQuery({ queryKey: PRONUNCIATIONS_KEY, queryFn: ({ signal }) => pagecast.pronunciations.list({ signal }) });
}

export function useSavePronunciations() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (entries: PronunciationInput[]) => pagecast.pronunciations.save(entries),
    onSuccess: (saved) => queries.setQueryData(PRONUNCIATIONS_KEY, saved),
  });
}

/** What the voice is given for the text, and its audio in the member's voice (an object URL to play). */
export function useHearIt() {
  return useMutation({
    mutationFn: async (request: SpeechTextRequest) => {
      const [text, audio] = await Promise.all([pagecast.pronunciations.speechText(request), pagecast.pronunciations.hear(request)]);
      return { text, audioUrl: URL.createObjectURL(audio) };
    },
  });
}
