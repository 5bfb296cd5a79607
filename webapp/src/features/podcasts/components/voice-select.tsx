import { useId } from 'react';
import { ChevronDown, Mic } from 'lucide-react';
import type { NaturalVoiceState, VoiceDownload, VoiceOption } from '../../../../../shared/api/premium.ts';
import { IconField } from '../../../components/ui/icon-field.tsx';
import { naturalVoiceSentences } from '../utils/voice-state.ts';

const selectClass =
  'h-11 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-10 pl-10 text-sm text-slate-900 shadow-sm ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';

/** A labelled list of the server's voices, and the natural voices on their way. */
export function VoiceSelect({
  label = 'Voice',
  value,
  voices,
  onChange,
  disabled = false,
  hint,
  downloads = [],
  natural = [],
}: {
  label?: string;
  value: string;
  voices: VoiceOption[];
  onChange: (voice: string) => void;
  disabled?: boolean;
  /** A line under the field, read with it. */
  hint?: string;
  /** Natural voices downloading: each is told with its progress until it joins the list. */
  downloads?: VoiceDownload[];
  /** Each natural voice's state here: what is happening to them is said in a sentence. */
  natural?: NaturalVoiceState[];
}) {
  const id = useId();
  const hintId = useId();
  // A value the list does not hold yet (the voices are loading) still shows as chosen.
  const options = voices.some((v) => v.id === value) || !value ? voices : [{ id: value, name: value, premium: false }, ...voices];
  return (
    <div>
      <IconField icon={Mic} label={label} htmlFor={id}>
        <select
          id={id}
          value={value}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
          className={selectClass}
        >
          {options.map((voice) => (
            <option key={voice.id} value={voice.id}>
              {voice.name}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden size={16} className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-slate-500" />
      </IconField>
      {naturalVoiceSentences(natural, downloads).map((sentence) => (
        <p key={sentence} role="status" className="mt-1.5 text-xs text-slate-600">
          {sentence}
        </p>
      ))}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
