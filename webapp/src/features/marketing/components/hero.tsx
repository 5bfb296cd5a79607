/**
 * The hero: the headline and 'Get Started Free', which goes to /subscription/register on a server
 * that takes payments. It reads 'Get Started Now' for a signed-in member, and it scrolls to the URL
 * card instead for them and on a server without payments (where there is nothing to buy and anyone
 * may make a podcast at once).
 */
import { ArrowRight, Headphones, Sparkles } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';

/** `spoken`: how the script is spoken here ("speaks it in a natural voice" only where this server has one). */
export function Hero({
  signedIn,
  payments,
  onGetStarted,
  spoken = 'speaks it aloud',
}: {
  signedIn: boolean;
  payments: boolean;
  onGetStarted: () => void;
  spoken?: string;
}) {
  const arrow = <ArrowRight aria-hidden size={18} />;
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-slate-50 pt-14 pb-28 sm:pt-20 sm:pb-36"
    >
      <div aria-hidden className="pointer-events-none absolute -top-40 left-1/2 h-[32rem] w-[60rem] -translate-x-1/2 rounded-full bg-brand-100/60 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr]">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <Sparkles aria-hidden size={14} />
            AI narration for any web page
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-6xl"
          >
            Turn Any Website Into Podcasts
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-slate-600 lg:mx-0">
            Paste a link to an article, a blog post or a report. Pagecast reads the page, writes it up as a podcast
            script and {spoken}, ready to play wherever you are.
          </p>
          <div className="mt-8 flex flex-col items-center gap-4 sm:flex-row sm:justify-center lg:justify-start">
            {signedIn ? (
              <Button size="lg" onClick={onGetStarted}>
                Get Started Now
                {arrow}
              </Button>
            ) : payments ? (
              <ButtonLink to="/subscription/register" size="lg">
                Get Started Free
                {arrow}
              </ButtonLink>
            ) : (
              <Button size="lg" onClick={onGetStarted}>
                Get Started Free
                {arrow}
              </Button>
            )}
            <p className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-500">
              <Headphones aria-hidden size={16} />
              Listen in your browser, no app needed
            </p>
          </div>
        </div>
        <NowPlaying />
      </div>
    </section>
  );
}

const BARS = [30, 55, 80, 45, 95, 60, 75, 35, 85, 50, 70, 40, 90, 55, 65, 30, 80, 45, 60, 35, 75, 50, 40, 25];

/** A picture of the product at work; decoration only, so it has nothing that looks like a control. */
function NowPlaying() {
  return (
    <div aria-hidden className="mx-auto hidden w-full max-w-md lg:block">
      <div className="rotate-1 rounded-3xl bg-white p-6 shadow-2xl ring-1 shadow-brand-900/10 ring-slate-200">
        <div className="flex items-center gap-4">
          <img src="/podcast-cover.svg" alt="" width={96} height={58} className="h-16 w-24 rounded-xl object-cover" />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">Now playing</p>
            <p className="mt-1 truncate font-semibold text-slate-900">The Return of the Night Train</p>
            <p className="text-sm text-slate-500">From an article · 6 min</p>
          </div>
        </div>
        <div className="mt-6 flex h-16 items-center gap-1">
          {BARS.map((height, i) => (
            <span
              key={i}
              className={`w-full rounded-full ${i < 10 ? 'bg-brand-600' : 'bg-slate-200'}`}
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
        <div className="mt-4 flex items-center justify-between text-xs text-slate-500 tabular-nums">
          <span>2:14</span>
          <span>6:02</span>
        </div>
      </div>
    </div>
  );
}
