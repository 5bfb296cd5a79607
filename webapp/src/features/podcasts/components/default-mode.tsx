/**
 * The default mode and minutes on /profile: what the home page's URL card starts on. Saved with a
 * button (stepping through the radios by keyboard saves nothing); the server's answer goes into the
 * session, so the URL card and a reload show it.
 */
import { useState, type FormEvent } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import type { User } from '../../../../../shared/api/auth.ts';
import type { PodcastMode } from '../../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FeaturePanel } from '../../../components/ui/feature-panel.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { getSession, setSessionUser } from '../../../lib/session.ts';
import { useSetDefaultMode } from '../api/set-default-mode.ts';
import { modeLabel, startingChoice, takesMinutes } from '../utils/modes.ts';
import { ModePicker } from './mode-picker.tsx';
import { useCapabilities } from '../../../lib/capabilities.ts';

/** The toast once saved: 'New podcasts will be Conversation, 15 minutes'. */
export function savedMessage(mode: PodcastMode, minutes: number | null): string {
  return `New podcasts will be ${modeLabel(mode)}${takesMinutes(mode) && minutes ? `, ${minutes} minutes` : ''}`;
}

export function DefaultMode({ user, className = '' }: { user: User; className?: string }) {
  const { aiWriter, defaultMode: serverMode } = useCapabilities();
  // A member who never saved one sees the server's default chosen: what new podcasts are now.
  const saved = startingChoice(user, serverMode, aiWriter);
  const [pickedMode, setPickedMode] = useState<PodcastMode | null>(null);
  const [pickedMinutes, setPickedMinutes] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const mode = pickedMode ?? saved.mode;
  const minutes = pickedMinutes === undefined ? saved.minutes : pickedMinutes;
  const withMinutes = mode !== null && takesMinutes(mode);
  const changed = mode !== saved.mode || (withMinutes && minutes !== saved.minutes);

  const save = useSetDefaultMode({
    onSuccess: ({ defaultMode, defaultMinutes }) => {
      // The session as it is now: another panel may have changed it meanwhile.
      const current = getSession().user ?? user;
      setSessionUser({ ...current, defaultMode, defaultMinutes });
      setPickedMode(null);
      setPickedMinutes(undefined);
      setError(null);
      if (defaultMode) toast.success(savedMessage(defaultMode, defaultMinutes));
    },
    onError: (err) => {
      const message = errorMessage(err);
      setError(message);
      toast.error(message);
    },
  });
  const saving = save.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!mode || !changed || saving) return;
    if (withMinutes && minutes === null) return;
    save.mutate(withMinutes && minutes !== null ? { defaultMode: mode, defaultMinutes: minutes } : { defaultMode: mode });
  }

  return (
    <FeaturePanel
      id="default-mode-title"
      icon={<SlidersHorizontal aria-hidden size={20} />}
      title="Default mode"
      locked={false}
      className={className}
      description="How the home page tells new podcasts unless you pick otherwise there."
    >
      <form onSubmit={submit} className="mt-4 space-y-4">
        <ModePicker
          legend="Mode for new podcasts"
          aiWriter={aiWriter}
          mode={mode}
          minutes={minutes ?? saved.minutes}
          onModeChange={(next) => {
            setPickedMode(next);
            setError(null);
          }}
          onMinutesChange={(next) => {
            setPickedMinutes(next);
            setError(null);
          }}
          disabled={saving}
        />
        <Button type="submit" loading={saving} disabled={!mode || !changed || (withMinutes && minutes === null)} className="h-11">
          Save default
        </Button>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </FeaturePanel>
  );
}
