import type { Locator, Page } from '@playwright/test';

/** /customer/chat: conversations, thread, reply box and the customer's leads. */
export class ChatPage {
  readonly conversations: Locator;
  readonly search: Locator;
  readonly thread: Locator;
  readonly messages: Locator;
  readonly replyInput: Locator;
  readonly replySend: Locator;
  readonly leads: Locator;
  readonly secretButton: Locator;

  constructor(readonly page: Page) {
    this.conversations = page.getByTestId('conversation');
    this.search = page.getByTestId('conversation-search').locator('input');
    this.thread = page.getByTestId('thread');
    this.messages = page.getByTestId('message');
    this.replyInput = page.getByTestId('reply-input');
    this.replySend = page.getByTestId('reply-send');
    this.leads = page.getByTestId('customer-leads').getByTestId('lead');
    this.secretButton = page.getByTestId('webhook-secret-open');
  }

  async goto(): Promise<void> {
    await this.page.goto('/customer/chat');
  }

  /** The conversation of a customer. */
  conversation(customerId: string): Locator {
    return this.page.locator(`[data-testid="conversation"][data-customer="${customerId}"]`);
  }

  async reply(text: string): Promise<void> {
    await this.replyInput.fill(text);
    await this.replySend.click();
  }
}
