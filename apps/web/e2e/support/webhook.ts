import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { CustomerApi } from '@vidmatrix/contract/api/customer';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { expect } from './fixtures.ts';

/** Posts a customer message to the webhook, signed with the member's secret as a connector would. */
export async function postSigned(
  request: APIRequestContext,
  token: string,
  message: Record<string, unknown>,
): Promise<void> {
  const res0 = await request.get(CustomerApi.webhookSecret, { headers: { memberToken: token } });
  const answer = (await res0.json()) as Envelope<{ secret: string; member_id: number }>;
  expect(answer.code, answer.msg).toBe(200);
  const { secret, member_id } = answer.data;
  const body = JSON.stringify(message);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  const res = await request.post(CustomerApi.webhookMessage, {
    headers: {
      'content-type': 'application/json',
      'X-Member-Id': String(member_id),
      'X-Signature-Timestamp': timestamp,
      'X-Signature': signature,
    },
    data: body,
  });
  expect(res.status()).toBe(200);
}
