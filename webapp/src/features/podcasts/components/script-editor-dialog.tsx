/**
 * 'Edit script' (Premium): the podcast's script in a textarea, saved as a whole. The server refuses an
 * empty script with its own message, shown here and as a toast, and nothing changes. A drafted
 * podcast is voiced afterwards with 'Voice script'; a ready one keeps its audio until it is voiced
 * again.
 */
import { useId, useState, type FormEvent } from 'react';
import { CircleAlert } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.tsx';
import type { PodcastStatus } from '../../../../../shared/api/podcasts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import { patchPodcast } from '../api/podcast-list.ts';

interface ScriptEditorDialogProps {
  podcastId: string;
  status: PodcastStatus;
  open: boolean;
  onClose: () => void;
}

export const SCRIPT_SAVED = 'Script saved';

export function ScriptEditorDialog({ podcastId, status, open, onClose }: ScriptEditorDialogProps) {
  const queryClient = useQueryClient();
  const formId = useId();
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const script = useQuery({
    queryKey: podcastKeys.script(podcastId),
    queryFn: ({ signal }) => pagecast.podcasts.script(podcastId, { signal }),
    enabled: open,
    // Opened again, it reads the script the server holds now.
    staleTime: 0,
  });
  /** What the member typed; null while they have not changed the stored script. */
  const [edited, setEdited] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stored = script.data?.script ?? '';
  const text = edited ?? stored;

  const save = useMutation({
    mutationFn: (next: string) => pagecast.podcasts.saveScript(podcastId, next),
    onSuccess: (fresh) => {
      patchPodcast(queryClient, podcastId, { content: fresh.content, scriptEdited: fresh.scriptEdited, status: fresh.status });
      queryClient.setQueryData(podcastKeys.script(podcastId), (old: { title: string; script: string } | undefined) => ({
        title: old?.title ?? fresh.title,
        script: fresh.content,
      }));
      setEdited(null);
      setError(null);
      toast.success(SCRIPT_SAVED);
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
    save.mutate(edited);
  }

  const hint =
    status === 'drafted'
      ? 'Change anything you like, then save and voice it. Every word here is what will be spoken.'
      : 'Saving keeps the audio you have; voice it again to hear the changes.';

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
          <Button type="submit" form={formId} loading={busy} disabled={!script.isSuccess || edited === null || edited === stored}>
            Save script
          </Button>
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
