/**
 * The sign-in dropdown's form: e-mail and password, Sign In or Create Account, the
 * toggle between them (which clears the error), and the error under the e-mail field.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { MIN_PASSWORD_LENGTH } from '../../../../../shared/constants.ts';
import { AUTH_TOASTS } from '../../../../../shared/errors.ts';
import { validateCredentialsFields, passwordTooShort } from '../../../../../shared/validation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { setSession } from '../../../lib/session.ts';
import { submitCredentials, type AuthMode } from '../api/auth-api.ts';

const inputClasses =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none ' +
  'aria-invalid:border-red-400';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<AuthMode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), email: useId(), password: useId(), error: useId() };
  const signingIn = mode === 'signIn';

  function localProblem(): string | null {
    const missing = validateCredentialsFields(email, password);
    if (missing) return missing;
    if (emailRef.current && !emailRef.current.validity.valid) return emailRef.current.validationMessage;
    if (passwordTooShort(password)) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
    return null;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const problem = localProblem();
    setError(problem);
    if (problem) return;
    setLoading(true);
    try {
      const { user, token } = await submitCredentials(mode, { email: email.trim(), password });
      setSession(user, token);
      toast.success(signingIn ? AUTH_TOASTS.welcomeBack : AUTH_TOASTS.accountCreated);
      onSignedIn();
    } catch (err) {
      const fallback = signingIn ? AUTH_TOASTS.signInFallback : AUTH_TOASTS.registrationFallback;
      const message = err instanceof Error && err.message ? err.message : fallback;
      setError(message);
      toast.error(message);
      setLoading(false);
    }
  }

  function toggleMode() {
    setMode(signingIn ? 'register' : 'signIn');
    setError(null);
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={ids.title} className="space-y-4">
      <h2 id={ids.title} className="text-lg font-semibold tracking-tight text-slate-900">
        {signingIn ? 'Sign In' : 'Create Account'}
      </h2>
      <div>
        <label htmlFor={ids.email} className="block text-sm font-medium text-slate-700">
          Email
        </label>
        <input
          ref={emailRef}
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className={inputClasses}
          data-autofocus
        />
        {error && (
          <p id={ids.error} role="alert" className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.password} className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete={signingIn ? 'current-password' : 'new-password'}
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={inputClasses}
        />
        {!signingIn && <p className="mt-1.5 text-xs text-slate-500">At least {MIN_PASSWORD_LENGTH} characters.</p>}
      </div>
      <Button type="submit" loading={loading} className="w-full">
        {signingIn ? 'Sign In' : 'Create Account'}
      </Button>
      <p className="text-center text-sm">
        <button
          type="button"
          onClick={toggleMode}
          disabled={loading}
          className="rounded font-medium text-brand-600 hover:text-brand-700 hover:underline disabled:opacity-60"
        >
          {signingIn ? 'Need an account?' : 'Already have an account?'}
        </button>
      </p>
    </form>
  );
}
