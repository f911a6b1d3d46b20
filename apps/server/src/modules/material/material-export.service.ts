import type { Readable } from 'node:stream';
import {
  FILE_TYPE_LABELS,
  MATERIAL_EXPORT_HEADERS,
  MATERIAL_EXPORT_NAME,
  type materialExportQuery,
} from '@vidmatrix/contract/api/material-export';
import type { FileType } from '@vidmatrix/contract/api/material';
import { formatDuration } from '@vidmatrix/contract/rules/format';
import { datePart, formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { xlsxStream, type XlsxCell } from '../../lib/xlsx.ts';
import type { MaterialFilter, MaterialRepository } from './material.repository.ts';

/** Rows an export reads from the database per query. */
const EXPORT_PAGE_ROWS = 1000;

/** The list's filter for an export query (the same search state as file.File/list). */
function toFilter(query: z.output<typeof materialExportQuery>): MaterialFilter {
  const name = query.search_value?.trim();
  return {
    groupId: query.group_id,
    fileTypes: query.file_type,
    tagIds: query.tag_ids,
    nameLike: name ? name : null,
    sourceType: query.source_type,
  };
}

/** file.File/export: a member's materials as a streamed xlsx, in list order (newest first). */
export class MaterialExportService {
  private readonly repo: Pick<MaterialRepository, 'page' | 'tagsOf'>;

  constructor(deps: { materialRepository: Pick<MaterialRepository, 'page' | 'tagsOf'> }) {
    this.repo = deps.materialRepository;
  }

  /** Every matching material as a streamed xlsx; null when nothing matches (the route answers 暂无数据). */
  async exportMaterials(memberId: number, query: z.output<typeof materialExportQuery>): Promise<Readable | null> {
    const filter = toFilter(query);
    const first = await this.repo.page(memberId, filter, EXPORT_PAGE_ROWS, 0);
    if (first.length === 0) {
      return null;
    }
    const repo = this.repo;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      let page = first;
      for (let offset = 0; page.length > 0;) {
        const tags = new Map<number, string[]>();
        for (const tag of await repo.tagsOf(page.map((row) => row.id))) {
          tags.set(tag.material_id, [...(tags.get(tag.material_id) ?? []), tag.tag_name]);
        }
        for (const row of page) {
          const kind = row.file_type as FileType;
          yield [
            row.file_name,
            FILE_TYPE_LABELS[kind] ?? row.file_type,
            kind === 'image' ? '' : formatDuration(Number(row.duration_ms) / 1000),
            row.group_name,
            (tags.get(row.id) ?? []).join(','),
            row.use_count,
            row.expiration_time === null ? '' : datePart(formatServerTime(Number(row.expiration_time))),
            formatServerTime(Number(row.created_at)),
          ];
        }
        if (page.length < EXPORT_PAGE_ROWS) {
          return;
        }
        offset += page.length;
        // Offset paging through the list's own query keeps one definition of the filters.
        page = await repo.page(memberId, filter, EXPORT_PAGE_ROWS, offset);
      }
    }
    return xlsxStream({
      sheetName: MATERIAL_EXPORT_NAME,
      columns: MATERIAL_EXPORT_HEADERS.map((header, index) => ({ header, width: index === 0 ? 32 : 14 })),
      rows: rows(),
    });
  }
}
