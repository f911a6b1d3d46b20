import type { Locator, Page } from '@playwright/test';

/** /ai/lead: each account's figures, the reply rules and their settings, then the leads. */
export class ReplyRulesPage {
  readonly overview: Locator;
  readonly rules: Locator;
  readonly addRule: Locator;
  readonly form: Locator;
  readonly keywords: Locator;
  readonly reply: Locator;
  readonly business: Locator;
  readonly saveSettings: Locator;

  constructor(readonly page: Page) {
    this.overview = page.getByTestId('lead-overview');
    this.rules = page.getByTestId('rule-list');
    this.addRule = page.getByTestId('rule-add');
    this.form = page.getByTestId('rule-form');
    this.keywords = page.getByTestId('rule-keywords');
    this.reply = page.getByTestId('rule-reply');
    this.business = page.getByTestId('settings-business');
    this.saveSettings = page.getByTestId('settings-save');
  }

  async goto(): Promise<void> {
    await this.page.goto('/ai/lead');
  }

  /** Fills the dialog of a new keyword rule; `match` is the label of its 匹配方式 (包含 unless given). */
  async fillKeywordRule(keywords: string, reply: string, approve: boolean, match?: string): Promise<void> {
    await this.addRule.click();
    if (match) {
      await this.form.getByText(match, { exact: true }).click();
    }
    await this.keywords.fill(keywords);
    await this.reply.fill(reply);
    if (approve) {
      await this.form.getByText('审核后发送').click();
    }
  }

  /** Saves the open rule dialog. */
  async submitRule(): Promise<void> {
    // antd spaces a two-character label: 保 存.
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /保\s?存/ })
      .click();
  }

  /** Adds a keyword rule through the dialog; `approve` asks for the member's approval first. */
  async addKeywordRule(keywords: string, reply: string, approve: boolean, match?: string): Promise<void> {
    await this.fillKeywordRule(keywords, reply, approve, match);
    await this.submitRule();
  }
}
