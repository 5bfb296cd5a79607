/** Sign in or create an account: the web app's form, fields and messages. */
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast.tsx';
import { AUTH_TOASTS } from '../../../shared/errors.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.ts';
import type { ExtensionError } from '../../result.ts';
import { sendMessage, settle } from './hooks.ts';
import { Button } from './ui.tsx';

export function SignInForm({ onSignedIn, notice }: { onSignedIn: () => void; notice?: string | null }) {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ExtensionError | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const login = mode === 'login';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await settle(sendMessage('signIn', { mode, email, password }));
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    toast.success(login ? AUTH_TOASTS.welcomeBack : AUTH_TOASTS.accountCreated);
    onSignedIn();
  }

  function toggleMode() {
    setMode(login ? 'register' : 'login');
    setError(null);
  }

  return (
    <form className="sign-in" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="view-heading">
        {login ? 'Sign In' : 'Create Account'}
      </h2>
      <p className="muted">
        {login
          ? 'Use your Pagecast account: your podcasts follow you to the web app.'
          : 'One account for the extension and the web app.'}
      </p>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus
        />
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error.message}
            {error.hint ? <span className="field-error-hint">{error.hint}</span> : null}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete={login ? 'current-password' : 'new-password'}
          minLength={login ? undefined : MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {login ? null : <p className="field-help">At least {MIN_PASSWORD_LENGTH} characters.</p>}
      </div>
      <Button type="submit" loading={busy} className="btn-block">
        {login ? 'Sign In' : 'Create Account'}
      </Button>
      <button type="button" className="link-btn" onClick={toggleMode}>
        {login ? 'Need an account?' : 'Already have an account?'}
      </button>
    </form>
  );
}
