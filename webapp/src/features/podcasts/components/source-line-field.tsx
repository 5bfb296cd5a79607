/**
 * One line of the URL card: an address field, or the PDF chosen (its name and size), with a button
 * that removes it when there is something to remove. Alone on the card it is named by the card's
 * label ('Website URL', 'PDF document'); among several, by its place ('Address 2') or its file's name.
 */
import type { ClipboardEvent, Ref } from 'react';
import { FileText, Link2, X } from 'lucide-react';
import { IconField } from '../../../components/ui/icon-field.tsx';
import { fileSize } from '../utils/pdf-file.ts';
import type { SourceLine } from '../utils/form-sources.ts';

interface SourceLineFieldProps {
  /** 'li' among several lines, 'div' alone. */
  as: 'li' | 'div';
  line: SourceLine;
  fieldId: string;
  /** The line's own name among several; null when the card's label names it. */
  name: string | null;
  /** Whether it has a remove button (a line among several, or a PDF). */
  removable: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  /** The element that takes focus for this line: the address field, or the PDF's remove button. */
  fieldRef: Ref<HTMLElement>;
  onType: (url: string) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}

const removeButton = 'shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600';

export function SourceLineField({ as: Item, line, fieldId, name, removable, invalid, describedBy, fieldRef, onType, onPaste, onRemove }: SourceLineFieldProps) {
  if (line.pdf) {
    const { pdf } = line;
    return (
      <Item
        id={fieldId}
        data-testid="chosen-pdf"
        className="flex h-12 min-w-0 items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 pr-2 pl-3.5 text-slate-900"
      >
        <FileText aria-hidden size={18} className="shrink-0 text-brand-600" />
        <span className="truncate font-medium">{pdf.name}</span>
        <span className="shrink-0 text-sm text-slate-500">{fileSize(pdf.size)}</span>
        <button type="button" ref={fieldRef as Ref<HTMLButtonElement>} aria-label={`Remove ${pdf.name}`} onClick={onRemove} className={`ml-auto ${removeButton}`}>
          <X aria-hidden size={16} />
        </button>
      </Item>
    );
  }
  return (
    <Item className="flex items-center gap-1.5">
      <IconField icon={Link2} iconSize={18} className="min-w-0 flex-1">
        <input
          ref={fieldRef as Ref<HTMLInputElement>}
          id={fieldId}
          name="url"
          type="url"
          required
          inputMode="url"
          autoComplete="url"
          aria-label={name ?? undefined}
          placeholder={name && name !== 'Address 1' ? 'https://example.com/another-article' : 'https://example.com/article'}
          value={line.url}
          onChange={(e) => onType(e.currentTarget.value)}
          onPaste={onPaste}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-4 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-400"
        />
      </IconField>
      {removable && (
        <button type="button" aria-label={`Remove ${name ? name.toLowerCase() : 'this address'}`} onClick={onRemove} className={removeButton}>
          <X aria-hidden size={16} />
        </button>
      )}
    </Item>
  );
}
