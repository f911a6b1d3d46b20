import { extensionOf } from '@vidmatrix/contract/rules/upload';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

/** The content type an object is served with, from its extension; unknown is a download. */
export function contentTypeOf(key: string): string {
  return TYPES[extensionOf(key)] ?? 'application/octet-stream';
}
