import { randomBytes } from 'node:crypto';
import { BRAND_IMAGE_MAX_BYTES } from '@vidmatrix/contract/api/user-center';
import { Msg } from '@vidmatrix/contract/messages';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../errors.ts';
import type { StorageDriver } from '../../storage/storage.ts';

/** Image types an avatar or logo may be; SVG is left out (it can carry script). */
const IMAGE_TYPES: ReadonlyMap<string, string> = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
]);

/**
 * Stores a cropped image sent as a data URL under `<prefix>/<random>.<ext>` and returns its public
 * URL. The bytes decide the type (the data URL's header is only the client's word).
 */
export async function storeImageDataUrl(
  storage: Pick<StorageDriver, 'put' | 'publicUrl'>,
  prefix: string,
  dataUrl: string,
): Promise<string> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length === 0) {
    throw badRequest(Msg.imageRequired);
  }
  if (bytes.length > BRAND_IMAGE_MAX_BYTES) {
    throw badRequest(Msg.imageTooLarge);
  }
  const detected = await fileTypeFromBuffer(bytes);
  const ext = detected ? IMAGE_TYPES.get(detected.mime) : undefined;
  if (!detected || !ext) {
    throw badRequest(Msg.imageFormat);
  }
  const key = `${prefix}/${randomBytes(12).toString('hex')}.${ext}`;
  await storage.put(key, bytes, detected.mime);
  return storage.publicUrl(key);
}
