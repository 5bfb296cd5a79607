/**
 * A read-only address with a Copy button: the share link, the private feed. The whole address is
 * selected on focus so it can be copied by hand where the clipboard is refused.
 */
import { useId, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from '../../../../shared/ui/toast.tsx';
import { Button } from './button.tsx';

export function CopyField({ label, value, copiedMessage }: { label: string; value: string; copiedMessage: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(copiedMessage);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.focus();
      input?.select();
      toast.error('Copying was refused by the browser: the address is selected, copy it by hand.');
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
        <Button
          variant="outline"
          icon={copied ? <Check aria-hidden size={16} className="text-emerald-600" /> : <Copy aria-hidden size={16} />}
          onClick={copy}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
