import { z } from 'zod';
import { GROUP_TAG_LIST_LIMIT, MATERIAL_DEFAULT_PAGE_SIZE, MATERIAL_PAGE_SIZES } from '../constants.ts';
import { Msg } from '../messages.ts';
import {
  DESCRIPTION_MAX,
  id,
  idList,
  int,
  INT_MAX,
  optionalId,
  pagedOf,
  pageNumber,
  pageSize,
  requiredIdList,
  text,
} from './common.ts';
import { MaterialReads } from './material-reads.ts';

/** Longest comma-joined list of URLs or names one add carries. */
const TEXT_LIST_MAX = 20_000;
/** Longest material name. */
const NAME_MAX = 200;
/** Longest tag name. */
const TAG_NAME_MAX = 50;
/** Longest remark. */
const REMARK_MAX = 500;

/** What a material is (SPEC §3). */
export const fileType = z.enum(['image', 'video', 'audio']);
export type FileType = z.infer<typeof fileType>;

/** Where a material came from: an upload, a digital-human render, or a clip task's output. */
export const SourceType = { upload: 1, digitalHuman: 2, clip: 3 } as const;

/** Background processing of a material: thumbnail, poster frame and duration. */
export const processStatus = z.enum(['pending', 'done', 'failed']);

/** Comma-joined text list ("a.png,b.mp4"). */
const textList = z
  .union([text().max(TEXT_LIST_MAX), z.array(text().max(TEXT_LIST_MAX))])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean));

/** A material (SPEC §3), as list and info answer it. */
export const material = z.object({
  file_id: z.number().int(),
  file_url: z.string(),
  file_name: z.string(),
  file_type: fileType,
  /** Seconds (not for images); 0 until the media job has read it. */
  duration: z.number(),
  /** Bytes. */
  size: z.number(),
  /** 342 px wide thumbnail or video poster; '' until the media job made it. */
  thumb_url: z.string(),
  process_status: processStatus,
  group_id: z.number().int(),
  group_name: z.string(),
  tag_ids: z.string(),
  /** Comma-separated (SPEC §3). */
  tag_names: z.string(),
  use_count: z.number().int(),
  /** `YYYY-MM-DD HH:mm:ss`; '' when it never expires. */
  expiration_time: z.string(),
  remark: z.string(),
  source_type: z.number().int(),
  create_time: z.string(),
});
export type Material = z.infer<typeof material>;

/** Material search state (SPEC §3) as the list call's query. */
export const materialListQuery = z.object({
  page: pageNumber,
  limit: pageSize(1, Math.max(...MATERIAL_PAGE_SIZES), MATERIAL_DEFAULT_PAGE_SIZE),
  group_id: optionalId,
  /** One kind or a comma list ("image,video", the picker default). */
  file_type: text()
    .max(64)
    .optional()
    .transform((v) => (v ? v.split(',').filter((t): t is FileType => fileType.safeParse(t).success) : [])),
  tag_ids: idList.optional().default([]),
  search_field: z.enum(['file_name']).optional(),
  search_exp: z.enum(['like', 'eq']).optional(),
  search_value: text().max(100).optional(),
  source_type: optionalId,
});

/** The search state the client keeps (SPEC §3). */
export interface MaterialSearchState {
  page: number;
  limit: number;
  group_id: number | '';
  file_type: FileType | '';
  tag_ids: number[];
  search_field: 'file_name';
  search_exp: 'like';
  source_type: number | '';
  search_value: string;
}

/** A page of materials. */
export const materialList = pagedOf(material);
export type MaterialList = z.infer<typeof materialList>;

/**
 * POST /api/file.File/add. type url registers finished uploads (file_url and file_name comma-joined,
 * one material each); multipart (type upl) is a separate content type handled by the same path.
 */
export const materialAddBody = z.object({
  type: z.literal('url').default('url'),
  file_url: textList.refine((v) => v.length > 0, Msg.fileRequired),
  file_name: textList,
  file_type: fileType.optional(),
  /** Ignored: the media job reads the duration from the file. */
  duration: z.union([z.number().min(0).max(INT_MAX), text().max(32)]).optional(),
  tag_ids: idList.optional(),
  group_id: optionalId,
  remark: text().max(REMARK_MAX, Msg.textTooLong).optional(),
  source_type: optionalId,
});

/** Fields of a multipart file.File/add (type upl); file_type is only a hint, dropped when unknown. */
export const materialUploadFields = z.object({
  file_name: text().max(TEXT_LIST_MAX, Msg.textTooLong).optional(),
  file_type: text()
    .max(64)
    .optional()
    .transform((v) => fileType.safeParse(v).data),
});

/** Uploaded file result (SPEC §3); add answers one per file. */
export const uploadedFile = z.object({ file_url: z.string(), file_name: z.string(), file_id: z.number().int() });
export type UploadedFile = z.infer<typeof uploadedFile>;
export const uploadedFiles = z.array(uploadedFile);

/** POST /api/file.File/edit. */
export const materialEditBody = z.object({
  file_id: id(),
  file_name: text().trim().min(1, Msg.invalidParams).max(NAME_MAX, Msg.textTooLong).optional(),
  remark: text().max(REMARK_MAX, Msg.textTooLong).optional(),
  tag_ids: idList.optional(),
  group_id: optionalId,
});

/** POST /api/file.File/info?file_id={id}. */
export const materialInfoQuery = z.object({ file_id: id() });

/** POST /api/file.File/dele. */
export const idsBody = z.object({ ids: requiredIdList(Msg.chooseMaterial) });

/** POST /api/file.File/edittag: replaces the tags of every material in ids. */
export const editTagBody = z.object({ ids: requiredIdList(Msg.chooseMaterial), tag_ids: idList });

/** POST /api/file.File/editgroup: moves every material in ids to a group (none when empty). */
export const editGroupBody = z.object({
  ids: requiredIdList(Msg.chooseMaterial),
  group_id: optionalId,
});

/** POST /api/file.File/deleAliyunFile: objects under media/ the caller uploaded. */
export const deleteObjectsBody = z.object({ file_paths: textList.refine((v) => v.length > 0, Msg.invalidParams) });

/** Query of the group and tag lists (`?limit=1000`). */
export const groupTagListQuery = z.object({
  limit: pageSize(1, GROUP_TAG_LIST_LIMIT, GROUP_TAG_LIST_LIMIT),
});

/** Material group (SPEC §3). */
export const materialGroup = z.object({ group_id: z.number().int(), group_name: z.string(), group_desc: z.string() });
export type MaterialGroup = z.infer<typeof materialGroup>;
export const materialGroups = z.array(materialGroup);

/** Material tag (SPEC §3). */
export const materialTag = z.object({ tag_id: z.number().int(), tag_name: z.string(), tag_desc: z.string() });
export type MaterialTag = z.infer<typeof materialTag>;
export const materialTags = z.array(materialTag);

/** POST /api/file.Tag/add; edit adds tag_id. */
export const tagAddBody = z.object({
  tag_name: text(Msg.tagNameRequired).trim().min(1, Msg.tagNameRequired).max(TAG_NAME_MAX, Msg.textTooLong),
  tag_desc: text().max(DESCRIPTION_MAX, Msg.textTooLong).optional().default(''),
});
export const tagEditBody = tagAddBody.extend({ tag_id: id() });
export const tagDeleBody = z.object({ tag_id: id() });

/** POST /api/seoaivideo.BatchVideo/setOssMediaUrl: the media a clip task step produced. */
export const setOssMediaUrlBody = z.object({
  ap_id: id(),
  apt_id: int(0, INT_MAX).default(0),
  media_url: text().trim().min(1, Msg.invalidParams).max(2000, Msg.textTooLong),
  clip_model: int(0, INT_MAX).default(2),
});
export type SetOssMediaUrlBody = z.input<typeof setOssMediaUrlBody>;

/** Paths of the material calls (SPEC §7). */
export const MaterialApi = {
  ...MaterialReads,
  add: '/api/file.File/add',
  edit: '/api/file.File/edit',
  dele: '/api/file.File/dele',
  editTag: '/api/file.File/edittag',
  editGroup: '/api/file.File/editgroup',
  deleteObjects: '/api/file.File/deleAliyunFile',
  groupAdd: '/api/file.Group/add',
  groupEdit: '/api/file.Group/edit',
  groupDele: '/api/file.Group/dele',
  tagAdd: '/api/file.Tag/add',
  tagEdit: '/api/file.Tag/edit',
  tagDele: '/api/file.Tag/dele',
} as const;
