/**
 * A form control with an icon inside its left edge, under its own label when it has one (a control
 * named otherwise, as the URL card's address by the card's label, has none). The control brings its
 * own classes and leaves the icon room (`pl-10`).
 */
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface IconFieldProps {
  icon: LucideIcon;
  iconSize?: number;
  label?: ReactNode;
  /** The id of the control the label names. */
  htmlFor?: string;
  /** Classes of the box that holds the icon and the control (its width). */
  className?: string;
  children: ReactNode;
}

export function IconField({ icon: Icon, iconSize = 16, label, htmlFor, className, children }: IconFieldProps) {
  return (
    <>
      {label !== undefined && (
        <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
          {label}
        </label>
      )}
      <div className={className ? `relative ${className}` : 'relative'}>
        <Icon aria-hidden size={iconSize} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-400" />
        {children}
      </div>
    </>
  );
}
