import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClipTemplateApi, type ClipTemplateItem } from '@vidmatrix/contract/api/clip-template';
import { post } from '../../../lib/request.ts';
import { templateByKey } from '../templates.ts';
import { clipKeys } from './clip-keys.ts';

/** POST seoaivideo.VideoTemplate/list: seeded templates and the member's own, with preview images. */
export function getClipTemplates(signal?: AbortSignal): Promise<ClipTemplateItem[]> {
  return post<ClipTemplateItem[]>(ClipTemplateApi.list, undefined, { signal });
}

export function getClipTemplatesQueryOptions() {
  return queryOptions({ queryKey: clipKeys.templates(), queryFn: ({ signal }) => getClipTemplates(signal) });
}

/** Every template the member can pick. */
export function useClipTemplates() {
  return useQuery(getClipTemplatesQueryOptions());
}

/** A template as a mode page uses it: its name (in the header) and its settings. */
export interface ClipTemplateChoice {
  name: string;
  template: ClipTemplateItem['template'];
}

/** Where the template of a mode page stands: the member's own may still be loading, or gone. */
export type ClipTemplateState =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'missing' }
  | { status: 'ready'; choice: ClipTemplateChoice };

/**
 * The template a mode page was opened with (`template` query value): a seeded one at once (the first
 * when the key is none of them), the member's own (`own-<id>`) only once the list has loaded.
 */
export function useClipTemplate(key: string | null): ClipTemplateState {
  const own = key?.startsWith('own-') ?? false;
  const list = useQuery({ ...getClipTemplatesQueryOptions(), enabled: own });
  if (!own) {
    return { status: 'ready', choice: templateByKey(key) };
  }
  if (list.isPending) {
    return { status: 'loading' };
  }
  if (list.isError) {
    return { status: 'failed', retry: () => void list.refetch() };
  }
  const found = list.data.find((t) => t.key === key);
  return found ? { status: 'ready', choice: found } : { status: 'missing' };
}
