import { expect, type Locator, type Page } from '@playwright/test';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { opened } from '../support/antd.ts';

/** /publish/batch: the new-batch form, the batch list, the runners tab and a batch's matrix. */
export class PublishPage {
  readonly form: Locator;
  readonly submit: Locator;
  readonly refusal: Locator;
  readonly matrix: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('batch-form');
    this.submit = page.getByTestId('batch-submit');
    this.refusal = page.getByTestId('batch-refusal');
    this.matrix = page.getByTestId('batch-matrix');
  }

  /** Opens a tab of the page: new, list or runners. */
  async open(tab: 'new' | 'list' | 'runners'): Promise<void> {
    await this.page.goto(`${ConsolePath.batchPublish}?tab=${tab}`);
  }

  /** The runners tab's server runners table. */
  get serverRunners(): Locator {
    return this.page.getByTestId('server-runners');
  }

  /** The member's own runners table. */
  get ownRunners(): Locator {
    return this.page.getByTestId('own-runners');
  }

  /** What the page says to do while no runner can serve the member. */
  get guidance(): Locator {
    return this.page.getByTestId('runner-guidance');
  }

  /** Creates a runner token on the runners tab; the token shown once. */
  async createRunnerToken(name: string): Promise<string> {
    await this.page.getByTestId('runner-create').click();
    await this.page.getByTestId('runner-name').fill(name);
    await this.page.getByTestId('runner-name').press('Enter');
    const token = this.page.getByTestId('runner-token');
    await expect(token).toBeVisible();
    const text = (await token.innerText()).trim();
    await this.page.getByRole('button', { name: '我已保存' }).click();
    return text;
  }

  /** Picks videos by file name in the material picker. */
  async pickVideos(names: readonly string[]): Promise<void> {
    await this.page.getByTestId('pick-videos').click();
    const picker = this.page.getByRole('dialog', { name: '选择素材' });
    await opened(picker);
    for (const name of names) {
      await picker.getByTestId('material-card').filter({ hasText: name }).getByLabel('选择').click();
    }
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect(picker).toBeHidden();
  }

  /** Chooses the batch's cover image from the material library. */
  async pickCover(name: string): Promise<void> {
    await this.page.getByTestId('pick-cover').click();
    const picker = this.page.getByRole('dialog', { name: '选择素材' });
    await opened(picker);
    await picker.getByTestId('material-card').filter({ hasText: name }).getByLabel('选择').click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect(picker).toBeHidden();
    await expect(this.page.getByTestId('chosen-cover')).toHaveText(name);
  }

  /** Ticks accounts by nickname in the account selector. */
  async pickAccounts(nicknames: readonly string[]): Promise<void> {
    for (const nickname of nicknames) {
      await this.page.getByTestId('selector-row').filter({ hasText: nickname }).locator('input').check();
    }
  }

  /** The batch's copy: title and topics. */
  async fillCopy(title: string, topics: readonly string[]): Promise<void> {
    const copy = this.page.getByTestId('copy-batch');
    await copy.getByTestId('copy-title').fill(title);
    const input = copy.getByTestId('copy-topics').getByRole('combobox');
    for (const topic of topics) {
      await input.fill(topic);
      await input.press('Enter');
    }
  }

  /** The matrix cell of a video (row) and an account (column index in account order). */
  cell(video: string, account: number): Locator {
    return this.matrix
      .getByRole('row')
      .filter({ hasText: video })
      .locator('td')
      .nth(account + 1);
  }

  /** Every cell whose job is in `state`. */
  cellsIn(state: string): Locator {
    return this.matrix.locator(`[data-state="${state}"]`);
  }
}
