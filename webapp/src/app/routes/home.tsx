import { Page } from '../../components/ui/page.tsx';

export function HomeRoute() {
  return (
    <Page>
      <section className="py-10 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Turn Any Website Into Podcasts</h1>
      </section>
    </Page>
  );
}
