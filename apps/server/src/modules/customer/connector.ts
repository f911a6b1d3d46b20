import { setTimeout as delay } from 'node:timers/promises';

/** A reply on its way to a customer through an enterprise account. */
export interface OutboundMessage {
  memberId: number;
  enterpriseAccountId: number;
  customerId: string;
  content: string;
}

/** Thrown by a connector when retrying cannot help; `reason` is shown to the member. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

/** Sends private messages through a platform account (Douyin, …). */
export interface MessageConnector {
  /** Resolves once the platform accepted the message; throws to retry, PermanentDeliveryError to give up. */
  send(message: OutboundMessage): Promise<void>;
}

/**
 * The local connector: no platform API is reachable from a self-hosted install, so a reply counts
 * as delivered once it is stored (the desktop client picks it up from the thread).
 */
export class LocalConnector implements MessageConnector {
  async send(): Promise<void> {
    // Yield once so a reply is visibly pending before it turns sent.
    await delay(50);
  }
}
