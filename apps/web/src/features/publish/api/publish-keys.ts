/** Query keys of batch publishing and runners; mutations invalidate through these. */
export const publishKeys = {
  all: ['publish'] as const,
  batches: () => [...publishKeys.all, 'batches'] as const,
  batchList: (page: number, limit: number) => [...publishKeys.batches(), 'list', page, limit] as const,
  batch: (batchId: number) => [...publishKeys.batches(), 'info', batchId] as const,
  videos: (ids: readonly number[]) => [...publishKeys.all, 'videos', ids.join(',')] as const,
  screenshot: (url: string) => [...publishKeys.all, 'screenshot', url] as const,
};
