/**
 * The follows page in Chromium against the real server: reached from the podcasts list on the
 * profile, it adds a follow of a local feed (its title and checks shown), pauses and resumes it, says
 * why an address cannot be followed, turns one episode a day of all follows on at an hour and off
 * again (kept across a reload), and removes the follow.
 */
import { expect, test } from '@playwright/test';
import { FOLLOW_MESSAGES } from '../shared/errors.ts';
import { ARTICLE_PORT } from '../playwright.config.ts';
import { QUIET_FEED_PATH, QUIET_FEED_TITLE, serveArticlesDuringFile } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

test('the follows page adds, pauses and removes a follow, and sets one episode a day of all follows', async ({ page }) => {
  await signUp(page, 'follows');
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Followed sites' }).click();
  await expect(page).toHaveURL(/\/follows$/);
  await expect(page.getByRole('heading', { name: 'Followed sites' })).toBeVisible();
  await expect(page.getByText('You follow no site yet.')).toBeVisible();

  const address = page.getByLabel('Site or feed address');
  // A page that names no feed is told so, and nothing is followed.
  await address.fill(`${articles.url}/`);
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('alert')).toHaveText(FOLLOW_MESSAGES.noFeed);

  await address.fill(`${articles.url}${QUIET_FEED_PATH}`);
  await page.getByRole('button', { name: 'Follow' }).click();
  const row = page.getByRole('listitem', { name: QUIET_FEED_TITLE });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${articles.url}${QUIET_FEED_PATH}`);
  await expect(row).toContainText('Last new item: none yet.');
  // Kept on the server: a reload lists it again.
  await page.reload();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toContainText('(paused)');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row).not.toContainText('(paused)');

  // One episode a day of every follow, from the hour chosen: kept on the server, and said on each follow.
  const daily = page.getByRole('region', { name: 'One episode a day' });
  const dailyOn = daily.getByRole('checkbox', { name: 'Daily episode of all my follows' });
  await expect(dailyOn).not.toBeChecked();
  await dailyOn.check();
  await daily.getByRole('combobox', { name: 'from' }).selectOption({ label: '06:00 UTC' });
  await daily.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'One episode a day from 06:00 UTC.' })).toBeVisible();
  await expect(row).toContainText('In your daily episode from 06:00 UTC.');
  await page.reload();
  await expect(dailyOn).toBeChecked();
  await expect(daily.getByRole('combobox', { name: 'from' })).toHaveValue('6');
  await dailyOn.uncheck();
  await daily.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Each follow makes its own episodes again.' })).toBeVisible();
  await expect(row).not.toContainText('In your daily episode');

  await row.getByRole('button', { name: `Stop following ${QUIET_FEED_TITLE}` }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('You follow no site yet.')).toBeVisible();
  // Gone on the server too.
  await page.reload();
  await expect(page.getByText('You follow no site yet.')).toBeVisible();
});
