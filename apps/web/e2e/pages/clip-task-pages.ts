import { expect, type Locator, type Page } from '@playwright/test';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { MaterialsPage } from './materials-page.ts';
import { opened } from '../support/antd.ts';

/** The clip-task screens: the mode cards, templates, a mode's form and the task list. */
export class ClipTaskPages {
  constructor(readonly page: Page) {}

  /** Uploads files as the member's materials and waits until each video's duration is known. */
  async upload(files: string[]): Promise<void> {
    const materials = new MaterialsPage(this.page);
    await materials.open();
    await materials.chooseFiles(files);
    await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(files.length);
    await expect(materials.submit).toBeEnabled({ timeout: 60_000 });
    await materials.submit.click();
    await expect(materials.formDialog).toBeHidden({ timeout: 60_000 });
    for (const file of files) {
      const name = file.split('/').pop() ?? file;
      await expect(materials.card(name).getByTestId('material-duration')).not.toHaveText(/^(00:00)?$/, {
        timeout: 120_000,
      });
    }
  }

  /** 剪辑任务 → 新建剪辑任务 → the mode's card. */
  async newTask(mode: number): Promise<void> {
    await this.page.goto(ConsolePath.clipTasks);
    await this.page.getByRole('button', { name: '新建剪辑任务' }).first().click();
    await this.page.getByTestId(`clip-mode-${mode}`).click();
  }

  /** Picks materials by file name in the picker that `button` opens. */
  async pick(button: Locator, names: string[]): Promise<void> {
    await button.click();
    const picker = this.page.getByRole('dialog', { name: '选择素材' });
    await opened(picker);
    for (const name of names) {
      await picker.getByTestId('material-card').filter({ hasText: name }).getByLabel('选择').click();
    }
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect(picker).toBeHidden();
  }

  /** 预览一条: the quick render plays in the shared player; closes it. */
  async preview(): Promise<void> {
    await this.page.getByRole('button', { name: '预览一条' }).click();
    const player = this.page.getByRole('dialog').filter({ has: this.page.locator('video') });
    await expect(player.locator('video')).toHaveAttribute('src', /\/storage\/clip\/preview\//, { timeout: 300_000 });
    await this.closePlayer(player);
  }

  /** Closes the player with its close button (the focused player keeps Escape to itself). */
  private async closePlayer(player: Locator): Promise<void> {
    await expect(async () => {
      await player.locator('.ant-modal-close').click();
      await expect(player).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  /** The task's row in the task list. */
  row(taskName: string): Locator {
    return this.page.getByRole('row').filter({ hasText: taskName });
  }

  /** Waits for all `total` videos of the task, opens them, plays the first; the output cards. */
  async watchAndPlay(taskName: string, total: number, screenshot: string): Promise<Locator> {
    await expect(this.page).toHaveURL(/\/clip\/TaskList/);
    const row = this.row(taskName);
    await expect(row.getByText(`${total}/${total}`)).toBeVisible({ timeout: 540_000 });
    await expect(row.getByText('已完成')).toBeVisible();
    await row.getByRole('button', { name: '查看视频' }).click();
    const outputs = this.page.getByTestId('clip-output');
    await expect(outputs).toHaveCount(total);
    await expect(outputs.first().locator('img')).toBeVisible();
    await this.page.screenshot({ path: screenshot, fullPage: true });
    await outputs.first().click();
    const player = this.page.getByRole('dialog').filter({ has: this.page.locator('video') });
    await expect(player.locator('video')).toHaveAttribute('src', /\/storage\/clip\//, { timeout: 30_000 });
    // The browser can play it: metadata loads and the video has a length.
    await expect
      .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.duration || 0), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await this.closePlayer(player);
    return outputs;
  }

  /** The task's videos are in the material library under their names. */
  async findInLibrary(taskName: string, total: number): Promise<void> {
    const materials = new MaterialsPage(this.page);
    await materials.open();
    for (let i = 1; i <= total; i += 1) {
      await expect(materials.card(`${taskName}-${i}.mp4`)).toBeVisible();
    }
  }
}
