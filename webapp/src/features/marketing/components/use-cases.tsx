import { Briefcase, GraduationCap, Newspaper, PenLine, type LucideIcon } from 'lucide-react';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';

const USE_CASES: readonly { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Blog Posts',
    description: 'Keep up with the writers you follow while you cook, run or commute.',
    icon: PenLine,
  },
  {
    title: 'News Articles',
    description: 'Hear the day’s stories as a short briefing instead of a wall of tabs.',
    icon: Newspaper,
  },
  {
    title: 'Business Reports',
    description: 'Go through long reports and white papers between meetings.',
    icon: Briefcase,
  },
  {
    title: 'Educational Content',
    description: 'Turn course readings and documentation into lessons you can replay.',
    icon: GraduationCap,
  },
];

/** 'Perfect for Every Use Case'. */
export function UseCases() {
  return (
    <section aria-labelledby="use-cases-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="use-cases-title" eyebrow="Use cases" title="Perfect for Every Use Case">
          If you can read it on the web, you can listen to it.
        </SectionHeading>
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2">
          {USE_CASES.map(({ title, description, icon: Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-white">
                <Icon aria-hidden size={20} />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 leading-relaxed text-slate-600">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
