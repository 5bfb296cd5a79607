/**
 * 'Change voice' on a ready podcast (Premium): the script stays, the audio is spoken again in the
 * voice picked here. The card then shows the conversion's progress again until the new audio plays.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { patchPodcast, refreshPodcastLists } from '../api/podcast-list.ts';
import { toStoredPodcast } from '../api/podcast-storage.ts';
import { useVoices, voiceName } from '../hooks/use-voices.ts';
import { VoiceSelect } from './voice-select.tsx';

interface RevoiceDialogProps {
  podcastId: string;
  /** The podcast's voice; null when the server's default spoke it. */
  currentVoice: string | null;
  open: boolean;
  onClose: () => void;
  onStarted: () => void;
}

export function RevoiceDialog({ podcastId, currentVoice, open, onClose, onStarted }: RevoiceDialogProps) {
  const queryClient = useQueryClient();
  const voices = useVoices(open);
  const current = currentVoice ?? voices.defaultVoice ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const voice = picked ?? current;
  const formId = `revoice-${podcastId}`;
  const revoice = useMutation({
    mutationFn: (newVoice: string) => pagecast.podcasts.revoice(podcastId, newVoice),
    onSuccess: (fresh, newVoice) => {
      patchPodcast(queryClient, podcastId, toStoredPodcast(fresh));
      void refreshPodcastLists(queryClient);
      onStarted();
      onClose();
      setPicked(null);
      toast.success(`Making new audio with ${voiceName(voices.voices, newVoice)}`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const busy = revoice.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!voice || voice === current || busy) return;
    revoice.mutate(voice);
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Change voice"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={!voices.loaded || !voice || voice === current}>
            Make new audio
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-600">
          The script stays as it is; the audio is spoken again in the voice you pick. It plays as soon as it is ready.
        </p>
        <VoiceSelect
          value={voice}
          voices={voices.voices}
          onChange={setPicked}
          disabled={!voices.loaded || busy}
          hint={current ? `Now: ${voiceName(voices.voices, current)}` : undefined}
        />
        {voices.error && (
          <p role="alert" className="text-sm text-red-700">
            {voices.error}
          </p>
        )}
      </form>
    </Modal>
  );
}
