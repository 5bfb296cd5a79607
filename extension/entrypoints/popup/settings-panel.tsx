/**
 * Settings: the server address and the keyboard shortcut.
 */
import { useEffect, useState } from 'react';
import { Keyboard } from 'lucide-react';
import { browser } from 'wxt/browser';
import { ServerAddressForm } from './server-address-form.tsx';

export function SettingsPanel({ serverUrl, onSaved }: { serverUrl: string; onSaved: () => void }) {
  const shortcut = useShortcut();
  return (
    <div className="settings">
      <h2 className="view-heading">Settings</h2>
      <ServerAddressForm serverUrl={serverUrl} onSaved={onSaved} />
      <div className="shortcut-row">
        <Keyboard size={16} aria-hidden />
        <p>
          {shortcut ? (
            <>
              <kbd>{shortcut}</kbd> makes a podcast of the page you are on.
            </>
          ) : (
            'Set a keyboard shortcut for "Create a podcast from this page" in your browser\'s extension shortcuts.'
          )}
        </p>
      </div>
    </div>
  );
}

/** The shortcut the reader has for the create command ('' when none is set). */
function useShortcut(): string {
  const [shortcut, setShortcut] = useState('');
  useEffect(() => {
    browser.commands
      .getAll()
      .then((commands) => setShortcut(commands.find((c) => c.name === 'create-podcast')?.shortcut ?? ''))
      .catch(() => setShortcut(''));
  }, []);
  return shortcut;
}
