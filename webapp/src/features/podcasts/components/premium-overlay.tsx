import { Lock } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.tsx';

/**
 * What a free member sees where a Premium member's Download button would be: a locked
 * 'Premium Feature' panel over a dimmed stand-in of the button, with 'Upgrade to Download'.
 */
export function PremiumOverlay() {
  return (
    <div className="grid overflow-hidden rounded-xl ring-1 ring-brand-100 ring-inset">
      <div aria-hidden className="flex min-h-16 items-center gap-2 px-4 [grid-area:1/1] text-sm font-semibold text-slate-400 blur-[2px] select-none">
        <span className="h-9 w-28 rounded-lg bg-slate-200" />
        <span className="h-2 flex-1 rounded-full bg-slate-200" />
      </div>
      <div className="flex flex-wrap [grid-area:1/1] items-center justify-between gap-x-3 gap-y-2 bg-white/80 px-4 py-2 backdrop-blur-[1px]">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Lock aria-hidden size={14} />
          </span>
          Premium Feature
        </p>
        <ButtonLink to="/subscription/register" size="sm">
          Upgrade to Download
        </ButtonLink>
      </div>
    </div>
  );
}
