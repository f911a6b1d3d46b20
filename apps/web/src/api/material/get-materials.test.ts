import { describe, expect, it } from 'vitest';
import { initialSearchState, materialExportParams, materialParams } from './get-materials.ts';

describe('materialExportParams', () => {
  it('carries every filter on screen, not the page', () => {
    const state = {
      ...initialSearchState(),
      page: 3,
      group_id: 4,
      file_type: 'video' as const,
      tag_ids: [1, 2],
      search_value: '春节',
      source_type: 1,
    };
    const exported = materialExportParams(state);
    expect(exported).toEqual({
      group_id: 4,
      file_type: 'video',
      tag_ids: '1,2',
      search_field: 'file_name',
      search_exp: 'like',
      search_value: '春节',
      source_type: 1,
    });
    const { page: _page, limit: _limit, ...listed } = materialParams(state);
    expect(exported).toEqual(listed);
  });
});
