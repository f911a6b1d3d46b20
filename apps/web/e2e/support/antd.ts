import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of a searchable antd select (`.ant-select` wrapper) by typing it and pressing Enter,
 * then waits until the select shows it. Keyboard, not clicks: under CI load a click on a dialog that is
 * still zooming in, or on an option still being aligned, can land elsewhere (even on the mask, closing
 * the dialog).
 */
export async function chooseOption(select: Locator, option: string): Promise<void> {
  const input = select.getByRole('combobox');
  await expect(async () => {
    await input.fill(option);
    await input.press('Enter');
    await expect(select.getByTitle(option, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Presses Escape until `overlay` (a dialog, drawer or dropdown) is gone. A key pressed while antd is
 * still animating the overlay in can be lost, and the overlay then intercepts the next click.
 */
export async function closeWithEscape(page: Page, overlay: Locator): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Waits until an antd overlay (a dialog, drawer, dropdown or popconfirm) is open and its opening motion
 * (antd's `*-appear` / `*-enter` classes) has ended: a click while antd zooms or slides it in can land
 * elsewhere, or on the mask.
 */
export async function opened(overlay: Locator): Promise<void> {
  await expect(overlay).toBeVisible();
  await expect(overlay).not.toHaveClass(/-(appear|enter)\b/);
}
