import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { Badge } from './badge.tsx';

/**
 * A panel on /profile for one feature: its icon, title and description, a Premium badge when the
 * member does not have it, and the controls below.
 */
export function FeaturePanel({
  id,
  icon,
  title,
  description,
  locked,
  className = '',
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  locked: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 ${className}`}>
      <div className="flex items-start gap-4">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">{icon}</span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={id} className="text-lg font-semibold tracking-tight text-slate-900">
              {title}
            </h2>
            {locked && (
              <Badge tone="brand">
                <Lock aria-hidden size={12} />
                Premium
              </Badge>
            )}
          </div>
          <p className="mt-1.5 text-sm text-slate-600">{description}</p>
          {children}
        </div>
      </div>
    </section>
  );
}
