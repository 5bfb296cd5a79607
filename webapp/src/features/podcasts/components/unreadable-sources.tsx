/**
 * The sources of an episode of several that the server could not read: each named (its address or
 * file name) with why, under a sentence that says what becomes of them.
 */
import type { ReactNode } from 'react';
import type { UnreadableSource } from '../../../../../shared/api/podcasts.ts';

export function UnreadableSources({ heading, sources, icon, className = '' }: { heading: string; sources: readonly UnreadableSource[]; icon?: ReactNode; className?: string }) {
  return (
    <div data-testid="unreadable-sources" className={`flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset ${className}`}>
      {icon}
      <div className="min-w-0">
        <p className="font-medium">{heading}</p>
        <ul className="mt-1 space-y-0.5">
          {sources.map((s) => (
            <li key={s.index}>
              <span className="font-medium break-all">{s.source}</span>: {s.error}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
