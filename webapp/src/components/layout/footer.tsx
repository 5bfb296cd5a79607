export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row">
        <p>© {year} Pagecast. All rights reserved.</p>
        <p>Turn any website into a podcast.</p>
      </div>
    </footer>
  );
}
