import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from '../components/layout/layout.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { AccountMenu } from '../features/auth/components/account-menu.tsx';
import { SessionSync } from '../features/auth/components/session-sync.tsx';
import { HomeRoute } from './routes/home.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/**
 * The pages: home, /profile, the subscription pages and the public page of a shared podcast. Home
 * comes with the first download; every other page loads when first visited (the subscription pages
 * with Stripe.js and the payment form), so the first download stays small.
 */
const ProfileRoute = lazy(() => import('./routes/profile.tsx').then((m) => ({ default: m.ProfileRoute })));
const FollowsRoute = lazy(() => import('./routes/follows.tsx').then((m) => ({ default: m.FollowsRoute })));
const SharedPodcastRoute = lazy(() => import('./routes/shared-podcast.tsx').then((m) => ({ default: m.SharedPodcastRoute })));
const SubscriptionRegisterRoute = lazy(() =>
  import('./routes/subscription-register.tsx').then((m) => ({ default: m.SubscriptionRegisterRoute })),
);
const SubscriptionSuccessRoute = lazy(() =>
  import('./routes/subscription-success.tsx').then((m) => ({ default: m.SubscriptionSuccessRoute })),
);
const SubscriptionCanceledRoute = lazy(() =>
  import('./routes/subscription-canceled.tsx').then((m) => ({ default: m.SubscriptionCanceledRoute })),
);

/** Shown while a page's code arrives. */
function PageLoading() {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center text-slate-600">
      <Spinner size={28} className="text-brand-600" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function Loaded({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <SessionSync />
      <Routes>
        <Route element={<Layout accountControl={<AccountMenu />} />}>
          <Route path="/" element={<HomeRoute />} />
          <Route path="/profile" element={<Loaded page={ProfileRoute} />} />
          <Route path="/follows" element={<Loaded page={FollowsRoute} />} />
          <Route path="/subscription/register" element={<Loaded page={SubscriptionRegisterRoute} />} />
          <Route path="/subscription/success" element={<Loaded page={SubscriptionSuccessRoute} />} />
          <Route path="/subscription/canceled" element={<Loaded page={SubscriptionCanceledRoute} />} />
          <Route path="/shared/:token" element={<Loaded page={SharedPodcastRoute} />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
