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

/**
 * The template a mode page was opened with (`template` query value): a seeded one at once, the
 * member's own (`own-<id>`) once the list has loaded; the first seeded one when the key is unknown.
 */
export function useClipTemplate(key: string | null): { name: string; template: ClipTemplateItem['template'] } {
  const seeded = templateByKey(key);
  const own = key?.startsWith('own-') ?? false;
  const list = useQuery({ ...getClipTemplatesQueryOptions(), enabled: own });
  const found = own ? list.data?.find((t) => t.key === key) : undefined;
  return found ?? seeded;
}
