import type { LeadListQuery } from '@vidmatrix/contract/api/customer';

/**
 * Query keys of messages, threads, leads and the webhook secret: the customer pages read them, and the
 * console's layout invalidates them on a socket message and shows the unread badge.
 */
export const customerKeys = {
  all: ['customer'] as const,
  privateList: () => [...customerKeys.all, 'private-list'] as const,
  thread: (conversationId: number) => [...customerKeys.all, 'thread', conversationId] as const,
  leadLists: () => [...customerKeys.all, 'leads'] as const,
  leads: (query: LeadListQuery) => [...customerKeys.leadLists(), query] as const,
  secret: () => [...customerKeys.all, 'webhook-secret'] as const,
};
