/**
 * The server address field and Save. Reaching an origin other than localhost needs a host
 * permission, asked for inside the click (browsers only prompt during a user gesture, and Firefox may
 * close the popup while it does, so the address is sent to the background at the same moment, not
 * after).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { toast } from '../../../shared/ui/toast.tsx';
import type { ExtensionError } from '../../result.ts';
import { DEFAULT_SERVER_URL, INVALID_SERVER_MESSAGE, normalizeServerUrl, permissionPatternFor } from '../../server-address.ts';
import { sendMessage, settle } from './hooks.ts';
import { Button, ErrorNote } from './ui.tsx';

export function ServerAddressForm({ serverUrl, onSaved, saveLabel = 'Save' }: { serverUrl: string; onSaved: () => void; saveLabel?: string }) {
  const [value, setValue] = useState(serverUrl);
  const [error, setError] = useState<ExtensionError | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => setValue(serverUrl), [serverUrl]);

  function save(event: FormEvent) {
    event.preventDefault();
    const origin = normalizeServerUrl(value);
    if (!origin) {
      setError({ code: 'INVALID_URL', message: INVALID_SERVER_MESSAGE });
      return;
    }
    const pattern = permissionPatternFor(origin);
    const permission = pattern ? browser.permissions.request({ origins: [pattern] }) : Promise.resolve(true);
    const saved = settle(sendMessage('saveServerAddress', { url: origin }));
    setBusy(true);
    setError(null);
    void Promise.all([permission.catch(() => false), saved]).then(([granted, result]) => {
      setBusy(false);
      if (!result.ok) return setError(result.error);
      if (!granted) {
        return setError({
          code: 'PERMISSION_REQUIRED',
          message: `Pagecast needs your permission to reach ${origin}`,
          hint: 'Save again and choose Allow when your browser asks.',
        });
      }
      setValue(result.value);
      toast.success('Server address saved', { id: 'server-address-saved' });
      onSaved();
    });
  }

  return (
    <form className="server-address" onSubmit={save} noValidate>
      <div className="field">
        <label htmlFor={`${id}-server`}>Server address</label>
        <input
          id={`${id}-server`}
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder={DEFAULT_SERVER_URL}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={`${id}-server-help`}
        />
        <p id={`${id}-server-help`} className="field-help">
          The Pagecast server your account and podcasts live on. Changing it signs you out here.
        </p>
      </div>
      {error ? <ErrorNote error={error} /> : null}
      <div className="settings-actions">
        <Button type="submit" loading={busy}>
          {saveLabel}
        </Button>
        {value !== DEFAULT_SERVER_URL ? (
          <button
            type="button"
            className="link-btn"
            title={DEFAULT_SERVER_URL}
            onClick={() => setValue(DEFAULT_SERVER_URL)}
          >
            Reset to default
          </button>
        ) : null}
      </div>
    </form>
  );
}
