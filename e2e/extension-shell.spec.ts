import fs from 'node:fs';
import path from 'node:path';
import { EXTENSION_DIR, expect, test } from './fixtures/extension.ts';

test('the built extension is MV3 and its popup renders', async ({ context, extensionId }) => {
  const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8'));
  expect(manifest.manifest_version).toBe(3);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Pagecast', exact: true })).toBeVisible();
  // Nothing answers at the default address here: the popup says that, once.
  await expect(popup.getByRole('heading', { name: /^No Pagecast server at / })).toBeVisible();
});
