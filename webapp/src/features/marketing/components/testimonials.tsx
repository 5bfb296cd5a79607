import { Star } from 'lucide-react';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { TESTIMONIALS } from '../data/testimonials.ts';

const AVATAR_COLOURS = ['bg-brand-600', 'bg-emerald-700', 'bg-amber-700'];

/** 'What Our Users Say': three fixed testimonials, five stars each. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="What Our Users Say" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t, i) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <p className="flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                  {Array.from({ length: t.rating }, (_, star) => (
                    <Star key={star} aria-hidden size={18} fill="currentColor" />
                  ))}
                </p>
                <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">“{t.content}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden
                    className={`flex h-10 w-10 items-center justify-center rounded-full text-sm font-semibold text-white ${AVATAR_COLOURS[i % AVATAR_COLOURS.length]}`}
                  >
                    {t.image}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-500">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
