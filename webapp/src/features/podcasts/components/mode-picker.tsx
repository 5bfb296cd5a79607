/**
 * The mode as a radio group (native radios, so arrow keys move between them and a screen reader
 * reads each one's description), and the minutes for the modes that take a length. The minutes field
 * keeps what is typed; a value outside 3–60 says so and counts as no choice (`onMinutesChange(null)`).
 * On a server without an AI model the modes that need one are shown as such and cannot be picked.
 */
import { useId, useState } from 'react';
import { Clock } from 'lucide-react';
import { PODCAST_MINUTES, type PodcastMode } from '../../../../../shared/constants.ts';
import { IconField } from '../../../components/ui/icon-field.tsx';
import { MINUTES_MESSAGE, MODE_OPTIONS, needsAi, NEEDS_AI_LABEL, NO_AI_HINT, takesMinutes, validMinutes } from '../utils/modes.ts';

interface ModePickerProps {
  /** The chosen mode; null while none is known (nothing is checked). */
  mode: PodcastMode | null;
  minutes: number;
  onModeChange: (mode: PodcastMode) => void;
  /** Valid minutes, or null while the field holds something the server would refuse. */
  onMinutesChange: (minutes: number | null) => void;
  legend?: string;
  minutesLabel?: string;
  disabled?: boolean;
  /** Whether the server has an AI model (null: not known yet). */
  aiWriter?: boolean | null;
}

const NO_MODE_HINT = 'None chosen: Podcast where an AI writes the scripts, otherwise Read.';

export function ModePicker({
  mode,
  minutes,
  onModeChange,
  onMinutesChange,
  legend = 'Mode',
  minutesLabel = 'Length in minutes',
  disabled = false,
  aiWriter = null,
}: ModePickerProps) {
  const name = useId();
  const minutesId = useId();
  const minutesHintId = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? String(minutes);
  const invalid = typed !== null && !validMinutes(Number(typed));

  return (
    <div className="space-y-3">
      <fieldset disabled={disabled}>
        <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
        {aiWriter === false ? (
          <p className="-mt-1 mb-2 text-xs text-slate-600">{NO_AI_HINT}</p>
        ) : (
          mode === null && <p className="-mt-1 mb-2 text-xs text-slate-500">{NO_MODE_HINT}</p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          {MODE_OPTIONS.map((option) => {
            const id = `${name}-${option.mode}`;
            const unavailable = aiWriter === false && needsAi(option.mode);
            return (
              <label
                key={option.mode}
                htmlFor={id}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 has-checked:border-brand-500 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500/40 has-disabled:cursor-not-allowed has-disabled:bg-slate-50"
              >
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={option.mode}
                  checked={mode === option.mode}
                  disabled={unavailable}
                  onChange={() => onModeChange(option.mode)}
                  aria-labelledby={`${id}-label`}
                  aria-describedby={`${id}-description`}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600 focus:outline-none"
                />
                <span className="min-w-0">
                  <span id={`${id}-label`} className="block text-sm font-semibold text-slate-900">
                    {option.label}
                    {unavailable && <span className="ml-2 text-xs font-medium text-slate-600">({NEEDS_AI_LABEL})</span>}
                  </span>
                  <span id={`${id}-description`} className="block text-xs text-slate-600">
                    {option.description}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {mode !== null && takesMinutes(mode) && (
        <div>
          <IconField icon={Clock} label={minutesLabel} htmlFor={minutesId} className="w-36">
            <input
              id={minutesId}
              type="number"
              inputMode="numeric"
              min={PODCAST_MINUTES.min}
              max={PODCAST_MINUTES.max}
              step={1}
              value={shown}
              disabled={disabled}
              aria-invalid={invalid || undefined}
              aria-describedby={minutesHintId}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setTyped(value);
                onMinutesChange(validMinutes(Number(value)) && value.trim() !== '' ? Number(value) : null);
              }}
              onBlur={() => {
                if (!invalid) setTyped(null);
              }}
              className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-400 disabled:bg-slate-50"
            />
          </IconField>
          <p id={minutesHintId} className={`mt-1.5 text-xs ${invalid ? 'font-medium text-red-700' : 'text-slate-500'}`}>
            {MINUTES_MESSAGE}
          </p>
        </div>
      )}
    </div>
  );
}
