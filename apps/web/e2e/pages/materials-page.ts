import type { Locator, Page } from '@playwright/test';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { chooseOption, opened } from '../support/antd.ts';

/** The material library screen (素材列表) and its dialogs. */
export class MaterialsPage {
  readonly cards: Locator;
  readonly grid: Locator;
  readonly formDialog: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByTestId('material-card');
    this.grid = page.getByTestId('material-grid');
    this.formDialog = page.getByRole('dialog', { name: '添加素材' });
    this.search = page.getByRole('searchbox', { name: '素材名称' }).or(page.getByPlaceholder('搜索素材名称'));
  }

  async open(): Promise<void> {
    await this.page.goto(ConsolePath.materials);
    await this.page.getByText('素材列表', { exact: true }).first().waitFor();
  }

  /** Opens the add dialog and chooses files (uploads start at once). */
  async chooseFiles(files: string[]): Promise<void> {
    await this.openAddDialog();
    await this.formDialog.locator('input[type=file]').setInputFiles(files);
  }

  /** Opens the add dialog once its upload settings (limits, free space) have arrived. */
  async openAddDialog(): Promise<void> {
    await this.page.getByRole('button', { name: '添加素材' }).click();
    await this.formDialog.getByText(/最多\s*\d+\s*个/).waitFor();
  }

  /** The add dialog's submit button. */
  get submit(): Locator {
    return this.formDialog.getByRole('button', { name: /确\s*定|上传中/ });
  }

  /** The 裁剪上传 dialog. */
  get cropDialog(): Locator {
    return this.page.getByRole('dialog', { name: '裁剪上传图片' });
  }

  /**
   * Confirms the cropper (antd-img-crop's modal) that opens for a chosen image. The newest one: a
   * queue of picked images opens the next cropper while the last is still closing.
   */
  async confirmCrop(): Promise<void> {
    // The next image's cropper opens as the last one closes: press 确定 once it has finished opening.
    const cropper = this.page.getByRole('dialog', { name: '裁剪图片' }).last();
    await opened(cropper);
    await cropper.getByRole('button', { name: /确\s*定/ }).click();
  }

  card(name: string): Locator {
    return this.cards.filter({ hasText: name });
  }

  /** A toast with exactly this text. */
  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice').getByText(text, { exact: true });
  }

  /** Picks an option of a select in the open dialog, then closes its dropdown. */
  async pickOption(label: string, option: string): Promise<void> {
    const dialog = this.page.getByRole('dialog').last();
    await chooseOption(dialog.locator('.ant-select').filter({ has: this.page.getByLabel(label) }), option);
    // A multiple select keeps its dropdown open over the footer: click the title to close it.
    await dialog.locator('.ant-modal-title').click();
  }
}
