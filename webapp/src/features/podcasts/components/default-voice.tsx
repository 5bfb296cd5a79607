/**
 * The default voice on /profile: Premium members pick the voice new podcasts get and save it (a
 * button rather than saving on change, so stepping through the list by keyboard saves nothing);
 * others see which voice they get and that choosing is a Premium feature.
 */
import { useState, type FormEvent } from 'react';
import { Mic } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import type { User } from '../../../../../shared/api/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FeaturePanel } from '../../../components/ui/feature-panel.tsx';
import { errorMessage } from '../../../lib/query-client.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { useSetDefaultVoice } from '../api/set-default-voice.ts';
import { useVoices, voiceName } from '../hooks/use-voices.ts';
import { VoiceSelect } from './voice-select.tsx';

export function DefaultVoice({ user, className = '' }: { user: User; className?: string }) {
  const voices = useVoices();
  const saved = user.defaultVoice ?? voices.defaultVoice ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const voice = picked ?? saved;
  const saveVoice = useSetDefaultVoice({
    onSuccess: (stored) => {
      setSessionUser({ ...user, defaultVoice: stored });
      setPicked(null);
      toast.success(`New podcasts will use ${voiceName(voices.voices, stored)}`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const saving = saveVoice.isPending;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!voice || voice === saved || saving) return;
    saveVoice.mutate(voice);
  }

  return (
    <FeaturePanel
      id="default-voice-title"
      icon={<Mic aria-hidden size={20} />}
      title="Default voice"
      locked={!user.isPremium}
      className={className}
      description={
        user.isPremium
          ? 'The voice your new podcasts are spoken in. You can still pick another for each podcast.'
          : `Your podcasts are spoken in ${voiceName(voices.voices, voices.defaultVoice) ?? 'the standard voice'}. Upgrade to Premium to choose from ${voices.voices.length || 'more'} voices.`
      }
    >
      {user.isPremium && (
        <form onSubmit={save} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-72">
            <VoiceSelect label="Voice for new podcasts" value={voice} voices={voices.voices} downloads={voices.downloads} natural={voices.natural} onChange={setPicked} disabled={!voices.loaded || saving} />
          </div>
          <Button type="submit" loading={saving} disabled={!voices.loaded || voice === saved} className="h-11">
            Save voice
          </Button>
        </form>
      )}
      {voices.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {voices.error}
        </p>
      )}
    </FeaturePanel>
  );
}
