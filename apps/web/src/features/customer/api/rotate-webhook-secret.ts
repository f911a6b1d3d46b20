import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerApi, type WebhookSecretResult } from '@vidmatrix/contract/api/customer';
import { post } from '../../../lib/request.ts';
import { getWebhookSecretQueryOptions } from './get-webhook-secret.ts';

/** POST /api/customer.Webhook/rotate. */
export function rotateWebhookSecret(): Promise<WebhookSecretResult> {
  return post<WebhookSecretResult>(CustomerApi.webhookRotate);
}

/** Rotation mutation; the new secret replaces the cached one. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (data) => queryClient.setQueryData(getWebhookSecretQueryOptions().queryKey, data),
  });
}
