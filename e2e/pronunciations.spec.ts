/**
 * The pronunciation editor on /profile in Chromium against the real server and its real voice: a
 * member adds entries, a refused save shows the problem beside its row and loses nothing, the saved
 * list is there after a reload, and "Hear it" shows what the voice is given and plays its audio.
 */
import { expect, test } from '@playwright/test';
import { signUp } from './fixtures/members.ts';
import { E2E_SAFETY_NET_MS } from '../playwright.config.ts';

test('a member keeps their own pronunciations and hears them', async ({ page }) => {
  await signUp(page, 'pronounce');
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'Pronunciations' });
  await expect(panel.getByText('No pronunciations yet.')).toBeVisible();

  await panel.getByRole('button', { name: 'Add an entry' }).click();
  await panel.getByLabel('Written form 1').fill('Nginx');
  await panel.getByLabel('Spoken form 1').fill('engine X');
  await panel.getByRole('button', { name: 'Add an entry' }).click();
  await panel.getByLabel('Written form 2').fill('Saoirse');
  await panel.getByLabel('Spoken form 2').fill('s'.repeat(201));
  await panel.getByRole('button', { name: 'Save pronunciations' }).click();

  // Refused beside its row, and everything typed is still there.
  const rows = panel.getByTestId('pronunciation-row');
  await expect(rows.nth(1).getByRole('alert')).toHaveText('Entry 2 ("Saoirse"): the spoken form is too long: at most 200 characters.');
  await expect(rows.nth(0).getByRole('alert')).toHaveCount(0);
  await expect(panel.getByLabel('Written form 1')).toHaveValue('Nginx');
  await expect(panel.getByLabel('Spoken form 2')).toHaveValue('s'.repeat(201));

  await panel.getByLabel('Spoken form 2').fill('Seer-sha');
  await expect(rows.nth(1).getByRole('alert')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Save pronunciations' }).click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Your 2 pronunciations are saved.' })).toBeVisible();

  // Kept on the server: a reload shows the list.
  await page.reload();
  await expect(panel.getByLabel('Written form 1')).toHaveValue('Nginx');
  await expect(panel.getByLabel('Spoken form 1')).toHaveValue('engine X');
  await expect(panel.getByLabel('Written form 2')).toHaveValue('Saoirse');
  await expect(panel.getByLabel('Spoken form 2')).toHaveValue('Seer-sha');
  await expect(panel.getByRole('button', { name: 'Save pronunciations' })).toBeDisabled();

  // Hear it: the member's own words, read with their list, and played from the server's voice.
  await expect(panel.getByLabel('Try a sentence')).toHaveValue('Nginx, Saoirse');
  await panel.getByLabel('Try a sentence').fill('Saoirse set up Nginx.');
  await panel.getByRole('button', { name: 'Hear it' }).click();
  await expect(panel.getByTestId('voice-text')).toHaveText('Seer-sha set up engine X.');
  const preview = panel.locator('audio[aria-label="Preview"]');
  await expect
    .poll(() => preview.evaluate((audio: HTMLAudioElement) => audio.duration > 0 && (audio.currentTime > 0 || audio.ended)), { timeout: E2E_SAFETY_NET_MS })
    .toBe(true);

  // Removing an entry and saving keeps the other.
  await panel.getByRole('button', { name: 'Remove Nginx' }).click();
  await panel.getByRole('button', { name: 'Save pronunciations' }).click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Your pronunciation is saved.' })).toBeVisible();
  await page.reload();
  await expect(panel.getByTestId('pronunciation-row')).toHaveCount(1);
  await expect(panel.getByLabel('Written form 1')).toHaveValue('Saoirse');
});
