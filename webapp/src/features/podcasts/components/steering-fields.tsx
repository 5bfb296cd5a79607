/**
 * Beside the mode and the minutes, for the modes an AI writes: the listener's focus (what the episode
 * should weigh, at most 300 characters) and the episode's language (the article's own unless another
 * is picked). Shown only where the server has an AI writer and the mode is one it writes.
 */
import { useId } from 'react';
import { Crosshair, Languages } from 'lucide-react';
import { MAX_FOCUS_CHARS } from '../../../../../shared/constants.ts';
import { byLanguageName } from '../../../../../shared/text/language-name.ts';
import { IconField } from '../../../components/ui/icon-field.tsx';

interface SteeringFieldsProps {
  focus: string;
  /** '' for the article's own language. */
  language: string;
  languages: readonly string[];
  onFocusChange: (focus: string) => void;
  onLanguageChange: (language: string) => void;
  disabled?: boolean;
  focusLabel?: string;
  languageLabel?: string;
}

const FIELD =
  'h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-50';

export function SteeringFields({
  focus,
  language,
  languages,
  onFocusChange,
  onLanguageChange,
  disabled = false,
  focusLabel = 'Focus (optional)',
  languageLabel = 'Language',
}: SteeringFieldsProps) {
  const focusId = useId();
  const languageId = useId();
  const hintId = useId();
  const names = byLanguageName(languages);
  return (
    <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
      <div>
        <IconField icon={Crosshair} label={focusLabel} htmlFor={focusId}>
          <input
            id={focusId}
            value={focus}
            maxLength={MAX_FOCUS_CHARS}
            disabled={disabled}
            aria-describedby={hintId}
            placeholder="e.g. what it means for renters"
            onChange={(e) => onFocusChange(e.currentTarget.value)}
            className={FIELD}
          />
        </IconField>
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          What you care about most: the episode spends its time there.
        </p>
      </div>
      <div>
        <IconField icon={Languages} label={languageLabel} htmlFor={languageId}>
          <select id={languageId} value={language} disabled={disabled} onChange={(e) => onLanguageChange(e.currentTarget.value)} className={FIELD}>
            <option value="">The article’s own</option>
            {names.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </IconField>
      </div>
    </div>
  );
}
