import { createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from '../components/layout/layout.tsx';
import { AccountMenu } from '../features/auth/components/account-menu.tsx';
import { SessionSync } from '../features/auth/components/session-sync.tsx';
import { HomeRoute } from './routes/home.tsx';
import { ProfileRoute } from './routes/profile.tsx';
import { SubscriptionRegisterRoute } from './routes/subscription-register.tsx';
import { SubscriptionSuccessRoute } from './routes/subscription-success.tsx';
import { SubscriptionCanceledRoute } from './routes/subscription-canceled.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/** The routes of spec §2. */
const router = createBrowserRouter([
  {
    element: (
      <>
        <SessionSync />
        <Layout accountControl={<AccountMenu />} />
      </>
    ),
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/profile', element: <ProfileRoute /> },
      { path: '/subscription/register', element: <SubscriptionRegisterRoute /> },
      { path: '/subscription/success', element: <SubscriptionSuccessRoute /> },
      { path: '/subscription/canceled', element: <SubscriptionCanceledRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
