/** The FAQ accordion: one question open at a time; a click on the open one closes it. */
import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { faqItems } from '../data/faq.ts';

/** `spoken`: how the script is spoken here, for the first answer. */
export function Faq({ spoken }: { spoken?: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();

  return (
    <section aria-labelledby="faq-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently Asked Questions" />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl ring-1 ring-slate-200">
          {faqItems(spoken).map((item, i) => {
            const expanded = open === i;
            const buttonId = `${baseId}-q${i}`;
            const panelId = `${baseId}-a${i}`;
            return (
              <div key={item.question}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : i)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-semibold text-slate-900 hover:bg-slate-50 sm:px-6"
                  >
                    {item.question}
                    <ChevronDown
                      aria-hidden
                      size={20}
                      className={`shrink-0 text-slate-500 transition-transform ${expanded ? 'rotate-180' : ''}`}
                    />
                  </button>
                </h3>
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!expanded}
                  className="px-5 pb-5 leading-relaxed text-slate-600 sm:px-6"
                >
                  {item.answer}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
