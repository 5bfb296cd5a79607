/**
 * 'Change voice' on a ready podcast (Premium): the script stays, the audio is spoken again in the
 * voice picked here. The card then shows the conversion's progress again until the new audio plays.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { revoicePodcast } from '../api/podcasts.ts';
import { useVoices, voiceName } from '../hooks/use-voices.ts';
import { toStoredPodcast, usePodcastStore } from '../stores/podcast-store.ts';
import { VoiceSelect } from './voice-select.tsx';

export interface RevoiceDialogProps {
  podcastId: string;
  /** The podcast's voice; null when the server's default spoke it. */
  currentVoice: string | null;
  open: boolean;
  onClose: () => void;
  onStarted: () => void;
}

export function RevoiceDialog({ podcastId, currentVoice, open, onClose, onStarted }: RevoiceDialogProps) {
  const voices = useVoices(open);
  const current = currentVoice ?? voices.defaultVoice ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const voice = picked ?? current;
  const [busy, setBusy] = useState(false);
  const formId = `revoice-${podcastId}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!voice || voice === current) return;
    setBusy(true);
    try {
      const fresh = await revoicePodcast(podcastId, voice);
      usePodcastStore.getState().updatePodcast(podcastId, toStoredPodcast(fresh));
      onStarted();
      onClose();
      setPicked(null);
      toast.success(`Making new audio with ${voiceName(voices.voices, voice)}`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
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
