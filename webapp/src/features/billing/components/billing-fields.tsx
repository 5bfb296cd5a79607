/**
 * The billing details of the payment page: name, e-mail and address, the country picked from the six
 * we take payments from. Errors show under their fields.
 */
import { useId, type InputHTMLAttributes } from 'react';
import { CircleAlert } from 'lucide-react';
import type { BillingForm } from '../../../../../shared/api/billing.ts';
import { COUNTRIES, type Country } from '../../../../../shared/constants.ts';

const COUNTRY_NAMES: Record<Country, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
};

const inputClasses =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-400 sm:text-sm';

interface BillingFieldsProps {
  form: BillingForm;
  errors: Record<string, string>;
  /** Signed-in members pay with the e-mail of their account. */
  emailLocked: boolean;
  onChange: (form: BillingForm) => void;
}

export function BillingFields({ form, errors, emailLocked, onChange }: BillingFieldsProps) {
  const setAddress = (patch: Partial<BillingForm['address']>) => onChange({ ...form, address: { ...form.address, ...patch } });
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
      <Field label="First Name" error={errors.firstName} autoComplete="given-name" value={form.firstName} onValue={(v) => onChange({ ...form, firstName: v })} />
      <Field label="Last Name" error={errors.lastName} autoComplete="family-name" value={form.lastName} onValue={(v) => onChange({ ...form, lastName: v })} />
      <Field
        className="sm:col-span-2"
        label="Email"
        type="email"
        error={errors.email}
        autoComplete="email"
        value={form.email}
        disabled={emailLocked}
        onValue={(v) => onChange({ ...form, email: v })}
      />
      <Field
        className="sm:col-span-2"
        label="Street Address"
        error={errors['address.line1']}
        autoComplete="address-line1"
        value={form.address.line1}
        onValue={(v) => setAddress({ line1: v })}
      />
      <Field
        className="sm:col-span-2"
        label="Apartment/suite"
        optional
        error={errors['address.line2']}
        autoComplete="address-line2"
        value={form.address.line2 ?? ''}
        onValue={(v) => setAddress({ line2: v })}
      />
      <Field label="City" error={errors['address.city']} autoComplete="address-level2" value={form.address.city} onValue={(v) => setAddress({ city: v })} />
      <Field label="State / Province" error={errors['address.state']} autoComplete="address-level1" value={form.address.state} onValue={(v) => setAddress({ state: v })} />
      <Field label="ZIP / Postal Code" error={errors['address.postal_code']} autoComplete="postal-code" value={form.address.postal_code} onValue={(v) => setAddress({ postal_code: v })} />
      <CountrySelect value={form.address.country} error={errors['address.country']} onValue={(country) => setAddress({ country })} />
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  error?: string | undefined;
  optional?: boolean;
  onValue: (value: string) => void;
}

function Field({ label, value, error, optional = false, onValue, className = '', ...rest }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        required={!optional}
        onChange={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClasses}
        {...rest}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function CountrySelect({ value, error, onValue }: { value: Country; error?: string | undefined; onValue: (c: Country) => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Country
      </label>
      <select
        id={id}
        value={value}
        required
        autoComplete="country"
        onChange={(e) => onValue(e.currentTarget.value as Country)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClasses}
      >
        {COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {COUNTRY_NAMES[code]}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-center gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden size={14} className="shrink-0" />
      {message}
    </p>
  );
}
