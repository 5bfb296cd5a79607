import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageTitleFor } from '../../../../shared/pages.ts';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';

/** Every page: header, the routed page, footer; the tab is named after the page. */
export function Layout({ accountControl }: { accountControl?: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitleFor(pathname);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <Header accountControl={accountControl} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
