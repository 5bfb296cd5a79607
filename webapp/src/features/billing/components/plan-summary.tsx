/** What the member is buying: the plan, its price and what it unlocks. */
import { Bookmark, Check, Crown, Download, Mic, Share2 } from 'lucide-react';
import { PREMIUM_PLAN } from '../../../../../shared/constants.ts';

const FEATURES = [
  { icon: Download, text: 'Download podcasts for offline listening' },
  { icon: Mic, text: 'Custom premium voices' },
  { icon: Bookmark, text: 'Bookmarks in every episode' },
  { icon: Share2, text: 'Share podcasts with a public link' },
];

export function PlanSummary() {
  const dollars = PREMIUM_PLAN.amountCents / 100;
  return (
    <aside
      aria-label="Your plan"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-purple-700 p-6 text-white shadow-xl sm:p-8"
    >
      <div aria-hidden className="pointer-events-none absolute -top-20 -right-20 h-56 w-56 rounded-full bg-white/10 blur-2xl" />
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/15">
        <Crown aria-hidden size={20} />
      </span>
      <h2 className="mt-4 text-xl font-bold">{PREMIUM_PLAN.name}</h2>
      <p className="mt-2 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight">${dollars}</span>
        <span className="text-brand-100">/ {PREMIUM_PLAN.interval}</span>
      </p>
      <p className="mt-2 text-sm text-brand-100">Billed monthly. Cancel anytime from your profile.</p>
      <ul className="mt-6 space-y-3 border-t border-white/15 pt-6">
        {FEATURES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-sm">
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-white/15">
              <Icon aria-hidden size={14} />
            </span>
            {text}
          </li>
        ))}
        <li className="flex items-center gap-3 text-sm">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-white/15">
            <Check aria-hidden size={14} />
          </span>
          Unlimited conversions, no upgrade prompts
        </li>
      </ul>
    </aside>
  );
}
