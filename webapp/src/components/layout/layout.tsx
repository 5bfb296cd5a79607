import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';

/** Every page: header, the routed page, footer. */
export function Layout({ accountControl }: { accountControl?: ReactNode }) {
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
