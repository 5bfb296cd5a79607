/**
 * 'Change voice' on a ready podcast (Premium): the script stays, the audio is spoken again in the
 * voice picked here. The card then shows the conversion's progress again until the new audio plays.
 * On a drafted podcast it is 'Voice script': the first audio, in any voice. After an edit of the
 * script the same voice may speak it again.
 */
import { useState, type FormEvent } from 'react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useRevoicePodcast } from '../api/revoice-podcast.ts';
import { useVoices, voiceName } from '../hooks/use-voices.ts';
import { VoiceSelect } from './voice-select.tsx';

interface RevoiceDialogProps {
  podcastId: string;
  /** The podcast's voice; null when the server's default spoke it. */
  currentVoice: string | null;
  open: boolean;
  onClose: () => void;
  onStarted: () => void;
  /** The podcast is a draft never voiced: first audio rather than new audio. */
  drafted?: boolean;
  /** The script was edited: speaking it again in the same voice makes new audio too. */
  scriptEdited?: boolean;
}

export function RevoiceDialog({ podcastId, currentVoice, open, onClose, onStarted, drafted = false, scriptEdited = false }: RevoiceDialogProps) {
  const voices = useVoices(open);
  const current = currentVoice ?? voices.defaultVoice ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const voice = picked ?? current;
  const formId = `revoice-${podcastId}`;
  const sameVoiceAllowed = drafted || scriptEdited;
  const unchanged = voice === current && !sameVoiceAllowed;
  const revoice = useRevoicePodcast({
    onSuccess: (_, { voice: newVoice }) => {
      onStarted();
      onClose();
      setPicked(null);
      toast.success(`Making ${drafted ? 'the' : 'new'} audio with ${voiceName(voices.voices, newVoice)}`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const busy = revoice.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!voice || unchanged || busy) return;
    revoice.mutate({ podcastId, voice });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={drafted ? 'Voice script' : 'Change voice'}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={!voices.loaded || !voice || unchanged}>
            {drafted ? 'Make audio' : 'Make new audio'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-600">
          {drafted
            ? 'The script is spoken as it stands now, in the voice you pick. It plays as soon as its first part is made.'
            : 'The script stays as it is; the audio is spoken again in the voice you pick. It plays as soon as it is ready.'}
        </p>
        <VoiceSelect
          value={voice}
          voices={voices.voices}
          downloads={voices.downloads}
          natural={voices.natural}
          onChange={setPicked}
          disabled={!voices.loaded || busy}
          hint={current && !drafted ? `Now: ${voiceName(voices.voices, current)}` : undefined}
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
