import { LoaderCircle } from 'lucide-react';

/** A turning circle. Decorative: pair it with text that says what is happening. */
export function Spinner({ size = 16, className = '' }: { size?: number; className?: string }) {
  return <LoaderCircle aria-hidden size={size} className={`shrink-0 animate-spin ${className}`} />;
}
