import { defineConfig } from 'wxt';

// The extension lives in extension/; WXT's auto-imports are off so its globals never leak into
// server/ or shared/, which must not depend on them.
export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  // The toolbar icons (public/icon/<size>.png, found by WXT) belong to the extension, not the repo root.
  publicDir: 'extension/public',
  imports: false,
  modules: ['@wxt-dev/module-react'],
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Pagecast',
    description: 'Turn the page you are reading into a podcast.',
    // activeTab: the page is read only when the reader clicks (toolbar, menu, shortcut), never in
    // the background. offscreen: the audio outlives the popup (Chromium; Firefox plays from its
    // background page instead).
    permissions: ['activeTab', 'scripting', 'storage', 'contextMenus', 'cookies', ...(browser === 'firefox' ? [] : ['offscreen'])],
    // The default server (http://localhost:8787) and the tests' 127.0.0.1, on any port. Any other
    // server address is asked for at runtime when the reader saves it.
    host_permissions: ['http://localhost/*', 'http://127.0.0.1/*'],
    ...(manifestVersion === 2
      ? { optional_permissions: ['https://*/*', 'http://*/*'] }
      : { optional_host_permissions: ['https://*/*', 'http://*/*'] }),
    // runtime.getContexts finds the offscreen document.
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: '116' }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'pagecast@pagecast.app', data_collection_permissions: { required: ['none'] } },
          },
        }
      : {}),
    commands: {
      'create-podcast': {
        suggested_key: { default: 'Alt+Shift+P' },
        description: 'Create a podcast from this page',
      },
    },
  }),
});
