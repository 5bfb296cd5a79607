/** The focus and the language of an episode an AI writes, beside the mode and the minutes. */
import { MAX_FOCUS_CHARS } from '../../../shared/constants.ts';
import { byLanguageName } from '../../../shared/text/language-name.ts';

interface SteeringFieldsProps {
  focus: string;
  /** '' for the article's own language. */
  language: string;
  languages: readonly string[];
  onFocusChange: (focus: string) => void;
  onLanguageChange: (language: string) => void;
}

export function SteeringFields({ focus, language, languages, onFocusChange, onLanguageChange }: SteeringFieldsProps) {
  const names = byLanguageName(languages);
  return (
    <div className="steering">
      <label className="steering-field">
        Focus (optional)
        <input
          value={focus}
          maxLength={MAX_FOCUS_CHARS}
          placeholder="What you care about most"
          onChange={(e) => onFocusChange(e.target.value)}
        />
      </label>
      <label className="steering-field">
        Language
        <select value={language} onChange={(e) => onLanguageChange(e.target.value)}>
          <option value="">The article’s own</option>
          {names.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
