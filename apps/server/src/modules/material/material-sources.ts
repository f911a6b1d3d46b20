import { keyFromUrl } from '../../storage/storage.ts';
import type { MaterialRepository } from './material.repository.ts';

/** A material of the member as stored, with its tag names (what a clip task resolves its files from). */
export interface MaterialSource {
  id: number;
  file_type: string;
  file_name: string;
  object_key: string;
  thumb_key: string;
  duration_ms: number;
  process_status: string;
  tags: string[];
}

/**
 * The member's own materials among `ids` as stored, read through the material module's repository: the
 * material module's rule for what a source is, exported once for the modules that read it (clip tasks).
 */
export async function materialSources(
  repo: Pick<MaterialRepository, 'byIds' | 'tagsOf'>,
  memberId: number,
  ids: readonly number[],
): Promise<MaterialSource[]> {
  const rows = await repo.byIds(memberId, ids);
  const tags = new Map<number, string[]>();
  for (const t of await repo.tagsOf(rows.map((r) => r.id))) {
    tags.set(t.material_id, [...(tags.get(t.material_id) ?? []), t.tag_name]);
  }
  return rows.map((r) => ({
    id: r.id,
    file_type: r.file_type,
    file_name: r.file_name,
    object_key: r.object_key,
    thumb_key: r.thumb_key,
    duration_ms: Number(r.duration_ms),
    process_status: r.process_status,
    tags: tags.get(r.id) ?? [],
  }));
}

/** The member's materials stored at `url` (a URL of this storage; none for any other). */
export async function materialIdsAt(
  repo: Pick<MaterialRepository, 'idsByObjectKey'>,
  publicBaseUrl: string,
  memberId: number,
  url: string,
): Promise<number[]> {
  const key = keyFromUrl(url, publicBaseUrl);
  return key === null ? [] : repo.idsByObjectKey(memberId, key);
}
