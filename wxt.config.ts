import { defineConfig } from 'wxt';

// The extension lives in extension/; WXT's auto-imports are off so its globals never leak into
// server/ or shared/ (STYLE.md, "Dependency direction").
export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  imports: false,
  modules: ['@wxt-dev/module-react'],
  manifest: ({ browser }) => ({
    name: 'Pagecast',
    description: 'Turn the page you are reading into a podcast.',
    permissions: ['activeTab', 'scripting', 'storage', 'contextMenus', ...(browser === 'firefox' ? [] : ['offscreen'])],
    host_permissions: ['http://localhost/*', 'http://127.0.0.1/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
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
