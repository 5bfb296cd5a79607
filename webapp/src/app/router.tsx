import { createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from '../components/layout/layout.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { AccountMenu } from '../features/auth/components/account-menu.tsx';
import { SessionSync } from '../features/auth/components/session-sync.tsx';
import { HomeRoute } from './routes/home.tsx';
import { ProfileRoute } from './routes/profile.tsx';
import { SharedPodcastRoute } from './routes/shared-podcast.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/**
 * The pages: home, /profile, the subscription pages and the public page of a shared podcast. The
 * subscription pages (with Stripe.js and the payment form) load when first visited, so the first
 * download stays small.
 */
const router = createBrowserRouter([
  {
    element: (
      <>
        <SessionSync />
        <Layout accountControl={<AccountMenu />} />
      </>
    ),
    // Shown while a lazily loaded page arrives on the first load of the app.
    hydrateFallbackElement: (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-600">
        <Spinner size={28} className="text-brand-600" />
        <span className="sr-only">Loading…</span>
      </div>
    ),
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/profile', element: <ProfileRoute /> },
      {
        path: '/subscription/register',
        lazy: async () => ({ Component: (await import('./routes/subscription-register.tsx')).SubscriptionRegisterRoute }),
      },
      {
        path: '/subscription/success',
        lazy: async () => ({ Component: (await import('./routes/subscription-success.tsx')).SubscriptionSuccessRoute }),
      },
      {
        path: '/subscription/canceled',
        lazy: async () => ({ Component: (await import('./routes/subscription-canceled.tsx')).SubscriptionCanceledRoute }),
      },
      { path: '/shared/:token', element: <SharedPodcastRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
