import { queryOptions, useQuery } from '@tanstack/react-query';
import { CustomerApi, type WebhookSecretResult } from '@vidmatrix/contract/api/customer';
import { get } from '../../../lib/request.ts';
import { customerKeys } from '../../../api/customer/customer-keys.ts';

/** GET /api/customer.Webhook/secret. */
export function getWebhookSecret(signal?: AbortSignal): Promise<WebhookSecretResult> {
  return get<WebhookSecretResult>(CustomerApi.webhookSecret, undefined, { signal });
}

/** The webhook secret as a query. */
export function getWebhookSecretQueryOptions() {
  return queryOptions({ queryKey: customerKeys.secret(), queryFn: ({ signal }) => getWebhookSecret(signal) });
}

/** The member's webhook secret; loaded only when asked for. */
export function useWebhookSecret(enabled: boolean) {
  return useQuery({ ...getWebhookSecretQueryOptions(), enabled });
}
