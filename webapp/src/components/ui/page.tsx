import type { ReactNode } from 'react';

/** A page's centred column with its heading. */
export function Page({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      {title && <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>}
      {children}
    </div>
  );
}
