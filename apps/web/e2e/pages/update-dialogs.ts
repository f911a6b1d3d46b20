import type { Locator, Page } from '@playwright/test';

/** The software-update and no-update dialogs (SPEC §2.3), and antd toasts they raise. */
export class UpdateDialogs {
  readonly update: Locator;
  readonly latest: Locator;
  readonly install: Locator;
  readonly progress: Locator;
  readonly notes: Locator;

  constructor(readonly page: Page) {
    this.update = page.getByRole('dialog').filter({ has: page.getByTestId('update-notes') });
    this.latest = page.getByRole('dialog').filter({ hasText: '当前已是最新版本' });
    this.install = this.update.getByRole('button', { name: '安装并重启' });
    this.progress = this.update.getByTestId('update-progress');
    this.notes = page.getByTestId('update-notes');
  }

  toast(text: string, kind: 'info' | 'error' | 'success'): Locator {
    return this.page.locator(`.ant-message-notice .ant-message-${kind}`).getByText(text);
  }
}
