import { CLOUD_UPLOAD_MAX_MB, GENERAL_UPLOAD_MAX_COUNT, GENERAL_UPLOAD_MAX_MB } from '../constants.ts';
import { fillMsg, Msg } from '../messages.ts';

/** Bytes in one MB as the limits of SPEC §5 count them. */
export const MB = 1024 * 1024;

/** Extensions of the console cloud upload (SPEC §5.1), lower case, without the dot. */
export const CLOUD_UPLOAD_EXTENSIONS = ['png', 'jpeg', 'mp4', 'jpg', 'mov', 'mp3', 'm4a', 'wav'] as const;
/** Extensions of background music (SPEC §5.1). */
export const MUSIC_EXTENSIONS = ['mp3', 'm4a'] as const;
/** Default images of the general uploader (SPEC §5.2). */
export const GENERAL_IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg'] as const;
/**
 * Default files of the general uploader (SPEC §5.2). Kept as the spec's list: the console's uploaders
 * take images and media only.
 * @public
 */
export const GENERAL_FILE_EXTENSIONS = [
  'zip',
  'rar',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'pdf',
  'txt',
  'jpg',
  'png',
] as const;

/** What a material is (SPEC §3 file_type). */
export type MediaKind = 'image' | 'video' | 'audio';

const KIND_BY_EXTENSION: Record<string, MediaKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp4: 'video',
  mov: 'video',
  m4v: 'video',
  mp3: 'audio',
  m4a: 'audio',
  wav: 'audio',
};

/** The lower-case extension of a file name without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The media kind an extension names; undefined for non-media files. */
export function mediaKindOf(fileName: string): MediaKind | undefined {
  return KIND_BY_EXTENSION[extensionOf(fileName)];
}

/** True when the extension is in the allowlist, in any case (".PNG" passes for "png"). */
export function hasAllowedExtension(fileName: string, allowed: readonly string[]): boolean {
  const ext = extensionOf(fileName);
  return ext !== '' && allowed.some((a) => a.replace(/^\./, '').toLowerCase() === ext);
}

// ISO-BMFF containers (mp4, mov, m4a) are told apart by brand only, and phones mix the brands up.
const CONTAINER_FAMILY: Record<string, string> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  mp4: 'isobmff',
  mov: 'isobmff',
  m4v: 'isobmff',
  m4a: 'isobmff',
  '3gp': 'isobmff',
  mp3: 'mp3',
  wav: 'wav',
};

/**
 * True when the content sniffed from magic bytes (`detected`, as file-type names it) fits the
 * declared extension: a renamed .exe (detected "exe") or an unknown content (undefined) never fits.
 */
export function contentMatchesExtension(fileName: string, detected: string | undefined): boolean {
  const declared = CONTAINER_FAMILY[extensionOf(fileName)];
  const found = detected ? CONTAINER_FAMILY[detected.toLowerCase()] : undefined;
  return declared !== undefined && declared === found;
}

/** A file as validation sees it (a browser File or what the server knows of an upload). */
export interface UploadCandidate {
  name: string;
  /** Bytes. */
  size: number;
}

/** The result of a rule: null when the file passes, else the catalogue message to show. */
export type UploadVerdict = string | null;

/** Options of the console cloud upload (SPEC §5.1). */
export interface CloudUploadRules {
  /** Allowed extensions; CLOUD_UPLOAD_EXTENSIONS by default. */
  extensions?: readonly string[];
  /** Largest file, MB; CLOUD_UPLOAD_MAX_MB by default. */
  maxSizeMb?: number;
  /** Free space in bytes; the check is skipped when undefined (ID-card uploads). */
  freeSpace?: number;
}

/** Validates one file of the console cloud upload: extension, size, free space — in that order. */
export function checkCloudUpload(file: UploadCandidate, rules: CloudUploadRules = {}): UploadVerdict {
  const maxSizeMb = rules.maxSizeMb ?? CLOUD_UPLOAD_MAX_MB;
  if (!hasAllowedExtension(file.name, rules.extensions ?? CLOUD_UPLOAD_EXTENSIONS)) {
    return Msg.unsupportedFormat;
  }
  if (file.size >= maxSizeMb * MB) {
    return fillMsg(Msg.fileTooLarge, { n: maxSizeMb });
  }
  if (rules.freeSpace !== undefined && rules.freeSpace < file.size) {
    return Msg.spaceExceeded;
  }
  return null;
}

/** Count rule of the cloud upload: adding `adding` files to `current` must stay within `limit`. */
export function checkCloudCount(current: number, adding: number, limit: number): UploadVerdict {
  return current + adding > limit ? fillMsg(Msg.tooManyFiles, { limit }) : null;
}

/** What becomes of one chosen file in the cloud upload list. */
export type CloudSelection = { action: 'add' | 'replace' | 'skip' } | { action: 'refuse'; verdict: string };

/**
 * The count rule of SPEC §5.1 for file `index` of a chosen batch of `batchSize`, with `current` kept:
 * single-file mode (limit 1) replaces the kept file with the batch's first and skips the rest;
 * otherwise a batch that would pass the limit is refused as a whole.
 */
export function cloudSelection(current: number, batchSize: number, index: number, limit: number): CloudSelection {
  if (limit === 1) {
    if (index > 0) {
      return { action: 'skip' };
    }
    return { action: current > 0 ? 'replace' : 'add' };
  }
  const verdict = checkCloudCount(current, batchSize, limit);
  return verdict ? { action: 'refuse', verdict } : { action: 'add' };
}

/** Options of the general uploader (SPEC §5.2). */
export interface GeneralUploadRules {
  /** Accepted extensions; GENERAL_IMAGE_EXTENSIONS by default. */
  extensions?: readonly string[];
  /** Largest file, MB; GENERAL_UPLOAD_MAX_MB by default. */
  maxSizeMb?: number;
  /** Files kept at most; GENERAL_UPLOAD_MAX_COUNT by default. */
  maxCount?: number;
  /** Cropping mode refuses gif before anything else. */
  crop?: boolean;
}

/** Validates one file of the general uploader given how many are already kept. */
export function checkGeneralUpload(
  file: UploadCandidate,
  current: number,
  rules: GeneralUploadRules = {},
): UploadVerdict {
  const maxSizeMb = rules.maxSizeMb ?? GENERAL_UPLOAD_MAX_MB;
  const maxCount = rules.maxCount ?? GENERAL_UPLOAD_MAX_COUNT;
  if (rules.crop && extensionOf(file.name) === 'gif') {
    return Msg.gifNotSupported;
  }
  if (!hasAllowedExtension(file.name, rules.extensions ?? GENERAL_IMAGE_EXTENSIONS)) {
    return Msg.unsupportedFormat;
  }
  if (file.size >= maxSizeMb * MB) {
    return fillMsg(Msg.imageOrFileTooLarge, { n: maxSizeMb });
  }
  if (current + 1 > maxCount) {
    return fillMsg(Msg.tooManyImagesOrFiles, { n: maxCount });
  }
  return null;
}

/** Validates a background-music file: required, mp3/m4a only (SPEC §5.1). */
export function checkMusicUpload(file: UploadCandidate | undefined): UploadVerdict {
  if (!file) {
    return Msg.fileRequired;
  }
  return hasAllowedExtension(file.name, MUSIC_EXTENSIONS) ? null : Msg.unsupportedFormat;
}

/** The max_file_num app config as a limit; falls back to the uploader default when unset or bad. */
export function parseMaxFileNum(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : GENERAL_UPLOAD_MAX_COUNT;
}

/** Picker selection (SPEC §5.3, §5.1): limit 1 replaces the choice, otherwise over the limit is refused. */
export function pickSelection<T>(
  selected: readonly T[],
  item: T,
  limit: number,
  same: (a: T, b: T) => boolean = Object.is,
): { selected: T[]; error: UploadVerdict } {
  if (selected.some((s) => same(s, item))) {
    return { selected: selected.filter((s) => !same(s, item)), error: null };
  }
  if (limit === 1) {
    return { selected: [item], error: null };
  }
  if (selected.length >= limit) {
    return { selected: [...selected], error: Msg.overLimit };
  }
  return { selected: [...selected, item], error: null };
}
