import type { LeadListQuery } from '@vidmatrix/contract/api/customer';

/** Query keys of the customer feature (messages, threads, leads, webhook secret). */
export const customerKeys = {
  all: ['customer'] as const,
  privateList: () => [...customerKeys.all, 'private-list'] as const,
  thread: (conversationId: number) => [...customerKeys.all, 'thread', conversationId] as const,
  leadLists: () => [...customerKeys.all, 'leads'] as const,
  leads: (query: LeadListQuery) => [...customerKeys.leadLists(), query] as const,
  secret: () => [...customerKeys.all, 'webhook-secret'] as const,
};
