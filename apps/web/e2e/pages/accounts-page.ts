import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { chooseOption, opened } from '../support/antd.ts';

/** The account management page (ConsolePath.accounts) and its dialogs. */
export class AccountsPage {
  readonly root: Locator;
  readonly table: Locator;
  readonly quota: Locator;
  readonly groupFilter: Locator;
  readonly platformFilter: Locator;
  readonly search: Locator;
  readonly importSummary: Locator;
  readonly selector: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('accounts-page');
    this.table = page.getByTestId('account-table');
    this.quota = page.getByTestId('account-quota');
    this.groupFilter = page.getByTestId('group-filter');
    this.platformFilter = page.getByTestId('platform-filter');
    this.search = page.getByTestId('remarks-search').locator('input');
    this.importSummary = page.getByTestId('import-summary');
    this.selector = page.getByTestId('account-selector');
  }

  /** What the page says to do while no runner can serve the member. */
  get guidance(): Locator {
    return this.page.getByTestId('runner-guidance');
  }

  async open(): Promise<void> {
    await this.page.goto(ConsolePath.accounts);
    await this.root.waitFor();
  }

  /** Nicknames shown in the table, in order. */
  nicknames(): Promise<string[]> {
    return this.table.getByTestId('account-nickname').allInnerTexts();
  }

  /** A row of the account table (a virtualized grid: rows are role=row, drawn while in view). */
  row(nickname: string): Locator {
    return this.table
      .getByTestId('account-row')
      .filter({ has: this.page.getByTestId('account-nickname').getByText(nickname, { exact: true }) });
  }

  /** Runs one of a row's actions: 编辑 is a button, the rest are in its 更多 menu. */
  async rowAction(nickname: string, action: '编辑' | '重新授权' | '授权记录' | '删除'): Promise<void> {
    const row = this.row(nickname);
    if (action === '编辑') {
      await row.getByRole('button', { name: '编辑' }).click();
      return;
    }
    // The menu of a row opened before may still be closing (its leave motion): wait until it has gone,
    // so the menu picked below is this row's.
    const menus = this.page.locator('.ant-dropdown:visible');
    await expect(menus).toHaveCount(0);
    await row.getByRole('button', { name: '更多' }).click();
    await opened(menus);
    await menus.getByRole('menuitem', { name: action }).click();
  }

  /** The header checkbox that selects every account of the page. */
  get selectAll(): Locator {
    return this.table.getByRole('checkbox', { name: '全选' });
  }

  /** A row's selection checkbox. */
  rowCheckbox(nickname: string): Locator {
    return this.row(nickname).getByRole('checkbox', { name: `选择 ${nickname}` });
  }

  /** Picks an option of one of the page's selects. */
  async choose(select: Locator, option: string): Promise<void> {
    await chooseOption(select, option);
  }

  async importFile(name: string, buffer: Buffer): Promise<void> {
    await this.page.getByTestId('import-accounts').click();
    await this.page
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    // The dialog takes the file in a moment (antd's Upload reads it asynchronously): press 导入 once
    // the file is listed, as a person would see it before pressing.
    await expect(this.page.locator('.ant-modal .ant-upload-list').getByText(name, { exact: true })).toBeVisible();
    await this.page.getByTestId('import-submit').click();
  }

  /** Clicks something that downloads and waits for the file. */
  async download(trigger: Locator): Promise<Download> {
    const waiting = this.page.waitForEvent('download');
    await trigger.click();
    return waiting;
  }

  async addGroup(name: string): Promise<void> {
    await this.page.getByTestId('group-name-input').fill(name);
    await this.page.getByTestId('group-add').click();
    await this.page.getByTestId('group-list').getByText(name, { exact: true }).waitFor();
  }

  async addAccount(nickname: string, platform: string): Promise<void> {
    await this.page.getByTestId('add-account').click();
    const form = this.page.getByTestId('account-form');
    await form.getByLabel('昵称').fill(nickname);
    await this.choose(form.getByTestId('account-form-platform'), platform);
    await this.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message').getByText(text);
  }

  selectorRow(nickname: string): Locator {
    return this.selector.getByTestId('selector-row').filter({ hasText: nickname });
  }
}
