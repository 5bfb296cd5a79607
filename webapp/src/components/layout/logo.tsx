import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-semibold text-slate-900" aria-label="Pagecast home">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="text-lg tracking-tight">Pagecast</span>
    </Link>
  );
}
