import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { PageSection } from '@vidmatrix/contract/api/content';
import { usePageData } from '../../../lib/page-data.ts';
import { get } from '../../../lib/request.ts';
import { contentKeys } from '../../../api/content/content-keys.ts';

/** GET /api/content.Page/sections: the product detail page's or the agent programme's sections. */
export function getSections(page: 'product' | 'agent', signal?: AbortSignal): Promise<PageSection[]> {
  return get<PageSection[]>(ContentApi.sections, { page }, { signal, disableMessage: true });
}

/** The sections of a content page. */
export function useSections(page: 'product' | 'agent') {
  return usePageData(contentKeys.sections(page), () => getSections(page));
}
