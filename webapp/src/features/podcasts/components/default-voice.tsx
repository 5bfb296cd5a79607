/**
 * The default voice on /profile: Premium members pick the voice new podcasts get and save it (a
 * button rather than saving on change, so stepping through the list by keyboard saves nothing);
 * others see which voice they get and that choosing is a Premium feature.
 */
import { useState, type FormEvent } from 'react';
import { Lock, Mic } from 'lucide-react';
import { toast } from 'sonner';
import type { User } from '../../../../../shared/api/auth.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { setSessionUser } from '../../../lib/session.ts';
import { setDefaultVoice } from '../api/voices.ts';
import { useVoices, voiceName } from '../hooks/use-voices.ts';
import { VoiceSelect } from './voice-select.tsx';

export function DefaultVoice({ user, className = '' }: { user: User; className?: string }) {
  const voices = useVoices();
  const saved = user.defaultVoice ?? voices.defaultVoice ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const voice = picked ?? saved;
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!voice || voice === saved) return;
    setSaving(true);
    try {
      const stored = await setDefaultVoice(voice);
      setSessionUser({ ...user, defaultVoice: stored });
      setPicked(null);
      toast.success(`New podcasts will use ${voiceName(voices.voices, stored)}`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="default-voice-title" className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 ${className}`}>
      <div className="flex items-start gap-4">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Mic aria-hidden size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="default-voice-title" className="text-lg font-semibold tracking-tight text-slate-900">
              Default voice
            </h2>
            {!user.isPremium && (
              <Badge tone="brand">
                <Lock aria-hidden size={12} />
                Premium
              </Badge>
            )}
          </div>
          <p className="mt-1.5 text-sm text-slate-600">
            {user.isPremium
              ? 'The voice your new podcasts are spoken in. You can still pick another for each podcast.'
              : `Your podcasts are spoken in ${voiceName(voices.voices, voices.defaultVoice) ?? 'the standard voice'}. Upgrade to Premium to choose from ${voices.voices.length || 'more'} voices.`}
          </p>
          {user.isPremium && (
            <form onSubmit={save} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="sm:w-72">
                <VoiceSelect label="Voice for new podcasts" value={voice} voices={voices.voices} onChange={setPicked} disabled={!voices.loaded || saving} />
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
        </div>
      </div>
    </section>
  );
}
