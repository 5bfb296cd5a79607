/**
 * 'Edit script' (Premium): the podcast's script in a textarea, saved as a whole. The server refuses an
 * empty script with its own message, shown here and as a toast, and nothing changes. A drafted
 * podcast is voiced afterwards with 'Voice script'. A ready one keeps the audio (and the transcript)
 * it has until it is voiced again: 'Save and voice again' does both at once, in its voice.
 */
import { useId, useState, type FormEvent } from 'react';
import { CircleAlert } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import type { PodcastStatus } from '../../../../../shared/api/podcasts.ts';
import type { PodcastMode } from '../../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { useSaveScript } from '../api/save-script.ts';
import { useScript } from '../hooks/use-script.ts';
import { useVoices } from '../hooks/use-voices.ts';

interface ScriptEditorDialogProps {
  podcastId: string;
  status: PodcastStatus;
  mode: PodcastMode | undefined;
  /** The podcast's voice; null when the server's default spoke it. */
  currentVoice: string | null;
  open: boolean;
  onClose: () => void;
  /** New audio of the edited script was asked for. */
  onVoiced: () => void;
}

export const SCRIPT_SAVED = 'Script saved';
const VOICING_EDITED = 'Script saved: making new audio of it';

export function ScriptEditorDialog({ podcastId, status, mode, currentVoice, open, onClose, onVoiced }: ScriptEditorDialogProps) {
  const formId = useId();
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  // Opened again, it reads the script the server holds now.
  const script = useScript({ podcastId }, open);
  /** What the member typed; null while they have not changed the stored script. */
  const [edited, setEdited] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stored = script.data?.script ?? '';
  const text = edited ?? stored;

  const drafted = status === 'drafted';
  const voices = useVoices(open && !drafted);
  const voice = currentVoice ?? voices.defaultVoice;

  const save = useSaveScript({
    onSuccess: ({ voiced }) => {
      if (voiced) onVoiced();
      setEdited(null);
      setError(null);
      toast.success(voiced ? VOICING_EDITED : SCRIPT_SAVED);
      onClose();
    },
    onError: (err) => {
      const message = errorMessage(err);
      setError(message);
      toast.error(message);
    },
  });
  const busy = save.isPending;

  function close() {
    setEdited(null);
    setError(null);
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || edited === null) return;
    // The submitter says which: Save script, or Save and voice again.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    save.mutate({ podcastId, script: edited, voice: submitter?.dataset.voiceAgain === 'true' ? voice : null });
  }

  const unchanged = !script.isSuccess || edited === null || edited === stored;
  const hint = [
    drafted
      ? 'Change anything you like, then save it and voice it.'
      : 'Saving alone keeps the audio and transcript you have until it is voiced again.',
    'A line starting with # names a chapter and is not spoken.',
    mode === 'conversation' ? "A line starting with a host's name and a colon is that host's." : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Modal
      open={open}
      onClose={close}
      title="Edit script"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={drafted ? 'primary' : 'outline'} loading={busy} disabled={unchanged}>
            Save script
          </Button>
          {!drafted && (
            <Button type="submit" form={formId} data-voice-again="true" loading={busy} disabled={unchanged || !voice}>
              Save and voice again
            </Button>
          )}
        </>
      }
    >
      {script.isPending && open && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner size={14} className="text-brand-600" />
          Loading the script…
        </p>
      )}
      {script.isError && (
        <div role="alert" className="space-y-3 text-sm text-red-700">
          <p>Could not load the script: {errorMessage(script.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void script.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {script.isSuccess && (
        <form id={formId} onSubmit={submit} className="space-y-3">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
            Script
          </label>
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
          <textarea
            id={fieldId}
            value={text}
            rows={14}
            disabled={busy}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setEdited(e.currentTarget.value);
              setError(null);
            }}
            className="w-full rounded-lg border border-slate-300 bg-white p-3 text-base leading-relaxed text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-400"
          />
          {error && (
            <p id={errorId} role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
              <CircleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
              {error}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
