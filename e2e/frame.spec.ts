// The app frame: colour mode and language survive a reload, the generic dialog's closing rules,
// old routes, and not-found for a failed route validation (docs/product.md §2).
import { expect, test } from './support/fixtures';
import { AuthPage } from './pages/auth-page';
import { ptBR } from '../src/i18n/locales/pt-BR';
import { CommunityPage } from './pages/community-page';
import { ContactPage } from './pages/contact-page';
import { LandingPage } from './pages/landing-page';
import { FramePage } from './pages/frame-page';
import { tapOutsideDialog } from './support/dialog';

test('the colour mode is kept across a reload, and public pages stay light', async ({ page }) => {
  const frame = new FramePage(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await frame.goto('/app-version');
  expect(await frame.theme()).toBe('light');
  await frame.chooseColourMode('Dark');
  expect(await frame.theme()).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await frame.goto('/privacy');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await frame.goto('/lords-prayer');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await frame.chooseColourMode('Same as device');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the language switcher changes the strings and the address, and survives a reload', async ({ page }) => {
  const frame = new FramePage(page);
  await frame.goto('/privacy');
  await expect(frame.heading).toHaveText('Privacy notice');
  await frame.chooseLanguage('pt');
  await expect(frame.heading).toHaveText('Aviso de privacidade');
  await expect(page).toHaveURL(/\/pt\/privacy$/);
  await page.getByRole('link', { name: 'Termos' }).click();
  await expect(page).toHaveURL(/\/pt\/terms$/);
  await page.reload();
  await expect(frame.heading).toHaveText('Termos de uso');
  await frame.chooseLanguage('es');
  await expect(frame.heading).toHaveText('Condiciones de uso');
  await expect(page).toHaveURL(/\/es\/terms$/);
  await frame.goto('/terms'); // no prefix: the language cookie decides
  await expect(frame.heading).toHaveText('Condiciones de uso');
  await frame.chooseLanguage('en');
  await expect(frame.heading).toHaveText('Terms of use');
  await expect(page).toHaveURL(/\/terms$/);
});

test('in the app, the header switches language and channel, and the account menu holds the colour mode', async ({ page }) => {
  const frame = new FramePage(page);
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await expect(new CommunityPage(page).heading).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Same as device' })).toBeChecked();
  await page.keyboard.press('Escape');
  await frame.chooseLanguage('pt');
  await expect(page.getByRole('heading', { level: 1, name: ptBR.feed.heading })).toBeVisible();
  await expect(page).toHaveURL(/\/pt\/community$/);
  await page.screenshot({ path: test.info().outputPath('community-pt.png') });
  await frame.chooseLanguage('en');
  await expect(new CommunityPage(page).heading).toBeVisible();
});

test('the dialog closes by Escape, the backdrop and its close button, and gives focus back', async ({ page }) => {
  const contact = new ContactPage(page);
  await contact.goto();
  await contact.send.click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in every field.');
  await contact.fill('Ana', 'ana@example.org', 'Thank you for this place.');
  await contact.send.click();
  await expect(contact.dialog).toBeVisible();
  await expect(contact.mailLink).toHaveAttribute('href', /^mailto:hello@prayer-community\.app\?subject=Message%20from%20Ana&body=Thank/);

  await page.keyboard.press('Escape');
  await expect(contact.dialog).toBeHidden();
  await expect(contact.send).toBeFocused();

  await contact.send.click();
  await expect(contact.dialog).toBeVisible();
  await tapOutsideDialog(page, contact.dialog, { x: 8, y: 8 }); // the backdrop, above the bottom sheet
  await expect(contact.dialog).toBeHidden();

  await contact.send.click();
  await contact.closeButton.click();
  await expect(contact.dialog).toBeHidden();
  await expect(contact.send).toBeFocused();
});

test('old routes lead to the new ones', async ({ page }) => {
  // The list screens need a member (docs/product.md §2 register check): the login ones are checked first.
  await page.goto('/old/login');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/old/login/email');
  await expect(page).toHaveURL(/\/login$/);
  // To /login/welcome-back, which with no last login kept on this device goes on to /login.
  await page.goto('/old/login/welcome-back');
  await expect(page).toHaveURL(/\/login$/);
  await new AuthPage(page).login('demo@prayer.local', 'pray-with-us');
  await expect(page).toHaveURL(/\/community$/);
  await page.goto('/old/lists/3/item/7');
  await expect(page).toHaveURL(/\/lists\/3\/item\/7$/);
  await page.goto('/old/bookmarks/community');
  await expect(page).toHaveURL(/\/lists\/bookmarks$/);
  await page.goto('/old/bookmarks/lists');
  await expect(page).toHaveURL(/\/lists\/bookmarks$/);
});

test('a failed route validation is a page-not-found', async ({ page }) => {
  await page.goto('/old/lists/abc/item/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
});

test('/welcome needs a member or guest token', async ({ page }) => {
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/$/);
});
