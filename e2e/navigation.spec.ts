// Routes around the feed: the landing redirect (docs/product.md §2), the error page, and the auth forms.
import { expect, test } from './support/fixtures';
import { AuthPage } from './pages/auth-page';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';

test('an unknown route shows the error page, and Go back home goes to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(new LandingPage(page).continueAsGuestButton).toBeVisible();
});

test('/community without a token goes to the landing page', async ({ page }) => {
  await page.goto('/community');
  await expect(page).toHaveURL(/\/$/);
});

test('the landing page redirects to /community once a guest token exists', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await landing.goto();
  await expect(page).toHaveURL(/\/community$/);
  await expect(new CommunityPage(page).heading).toBeVisible();
});

test('the server refusing a login is shown in the form', async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.login('nobody@example.org', 'wrong password 123');
  // The app's words for the server's code auth.invalid_credentials (issue #12), not a generic text.
  await expect(auth.error).toHaveText('The email or password is not correct.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a member registers and lands on the community feed, with their name in the account menu', async ({ page }) => {
  const auth = new AuthPage(page);
  const email = `member-${Date.now().toString(36)}@example.org`;
  await auth.register('Ruth Example', email, 'a long enough password');
  await expect(page).toHaveURL(/\/community$/);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText('Signed in as Ruth Example')).toBeVisible();
});

test('the composer counts characters and refuses an empty post', async ({ page }) => {
  const community = new CommunityPage(page);
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await community.shareButton.click();
  await expect(community.composer.counter).toHaveText('0 / 2000 characters');
  await community.composer.submit();
  await expect(community.composer.dialog.getByRole('alert')).toHaveText('Please write something first.');
  await community.composer.fill('Hello');
  await expect(community.composer.counter).toHaveText('5 / 2000 characters');
  await page.keyboard.press('Escape');
  await expect(community.composer.dialog).toBeHidden();
});
