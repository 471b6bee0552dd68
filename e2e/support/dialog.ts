// A tap outside an open dialog, as a person makes it: after the dialog is ready to hear it. Radix's
// dialog listens for a press outside from the task after its effects ran (DismissableLayer adds
// its `pointerdown` listener in a setTimeout of 0), so a tap sent the moment the dialog is drawn can
// land before anyone listens (CI: the contact dialog stayed open once, frame.spec.ts). The dialog's
// effects have run once focus is inside it; one task later, the listener is there.
import { expect, type Locator, type Page } from '@playwright/test';

/** Taps the backdrop at (x, y), outside `dialog`'s box, once the open dialog listens for it. */
export async function tapOutsideDialog(page: Page, dialog: Locator, at = { x: 4, y: 4 }): Promise<void> {
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.mouse.click(at.x, at.y);
}
