import { materialListQuery, type FileType } from './material.ts';

/** GET /api/file.File/export: the list filters of file.File/list, every matching material. */
export const materialExportQuery = materialListQuery.omit({ page: true, limit: true });

/** Header row of the material export, in column order. */
export const MATERIAL_EXPORT_HEADERS = [
  '名称',
  '类型',
  '时长',
  '分组',
  '标签',
  '使用次数',
  '过期日期',
  '上传时间',
] as const;

/** Sheet and file name of the material export. */
export const MATERIAL_EXPORT_NAME = '素材列表';

/** How the 类型 column names a material kind. */
export const FILE_TYPE_LABELS: Record<FileType, string> = { image: '图片', video: '视频', audio: '音频' };

/** API path of the material export (server route and client button name it once). */
export const MaterialExportApi = { export: '/api/file.File/export' } as const;
