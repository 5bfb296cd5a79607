/** The popup's small building blocks. */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ExtensionError } from '../../result.ts';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** A request is running: spinner, 'Loading...', disabled. */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', loading = false, icon, children, className, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`btn btn-${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <LoaderCircle className="spin" size={16} aria-hidden /> : icon}
      <span>{loading ? 'Loading...' : children}</span>
    </button>
  );
}

export function IconButton({ label, children, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button type="button" {...rest} className={`icon-btn${className ? ` ${className}` : ''}`} aria-label={label} title={label}>
      {children}
    </button>
  );
}

/** An error a reader can act on: the message, and what to do about it. */
export function ErrorNote({ error, className }: { error: ExtensionError; className?: string }) {
  return (
    <div className={`error-note${className ? ` ${className}` : ''}`} role="alert">
      <CircleAlert size={16} aria-hidden className="error-note-icon" />
      <div>
        <p className="error-note-message">{error.message}</p>
        {error.hint ? <p className="error-note-hint">{error.hint}</p> : null}
      </div>
    </div>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={clamped}>
      <div className="progress-fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}

/** The brand mark: the web app's favicon, drawn inline so it paints with the first frame. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M11 9v14l12-7z" fill="#fff" />
    </svg>
  );
}
