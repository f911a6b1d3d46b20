import type { Insertable } from 'kysely';
import type { MaterialTable } from '../src/db/types.ts';

/**
 * A finished image material row of a member, for tests that need materials without an upload; any
 * column can be given (file_name and member_id always are; object_key defaults to one per name).
 */
export function materialRow(
  values: Partial<Insertable<MaterialTable>> & { member_id: number; file_name: string },
): Insertable<MaterialTable> {
  return {
    object_key: `media/${values.member_id}-${values.file_name}`,
    file_type: 'image',
    size: 1,
    duration_ms: 0,
    thumb_key: '',
    process_status: 'done',
    process_error: '',
    group_id: 0,
    use_count: 0,
    expiration_time: null,
    remark: '',
    source_type: 1,
    created_at: 0,
    updated_at: 0,
    ...values,
  };
}
