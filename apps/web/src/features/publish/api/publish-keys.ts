/** Query keys of batch publishing and runners; mutations invalidate through these. */
export const publishKeys = {
  all: ['publish'] as const,
  batches: () => [...publishKeys.all, 'batches'] as const,
  batchList: (page: number, limit: number) => [...publishKeys.batches(), 'list', page, limit] as const,
  batch: (batchId: number) => [...publishKeys.batches(), 'info', batchId] as const,
  videos: (ids: readonly number[]) => [...publishKeys.all, 'videos', ids.join(',')] as const,
};

/** The publish calls (SPEC-style `/api/<module>.<Controller>/<action>`). */
export const PublishApi = {
  add: '/api/seoaivideo.BatchPublish/add',
  list: '/api/seoaivideo.BatchPublish/list',
  info: '/api/seoaivideo.BatchPublish/info',
  cancel: '/api/seoaivideo.BatchPublish/cancel',
  retryFailed: '/api/seoaivideo.BatchPublish/retryFailed',
  resolveUnconfirmed: '/api/seoaivideo.BatchPublish/resolveUnconfirmed',
  answerAction: '/api/seoaivideo.BatchPublish/answerAction',
  runnerCreate: '/api/runner.Runner/create',
  runnerRevoke: '/api/runner.Runner/revoke',
} as const;
