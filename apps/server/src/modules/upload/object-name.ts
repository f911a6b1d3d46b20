import { randomInt } from 'node:crypto';
import { UPLOAD_NAME_LENGTH, UPLOAD_PREFIX } from '@vidmatrix/contract/constants';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 26 random characters (SPEC §9) from a CSPRNG: object names cannot be guessed. */
export function randomObjectName(length = UPLOAD_NAME_LENGTH): string {
  let name = '';
  for (let i = 0; i < length; i += 1) {
    name += ALPHABET[randomInt(ALPHABET.length)];
  }
  return name;
}

/** A new upload's key: `media/<26 chars>.<ext>`. */
export function uploadKey(extension: string): string {
  return `${UPLOAD_PREFIX}${randomObjectName()}.${extension.toLowerCase()}`;
}

const UPLOAD_KEY = new RegExp(`^${UPLOAD_PREFIX}[a-z0-9]{${UPLOAD_NAME_LENGTH}}\\.[a-z0-9]{1,5}$`);

/** True for a key this server hands out for uploads (refuses anything outside media/). */
export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY.test(key);
}

/** The thumbnail key of an object: `thumbs/<26 chars>.jpg`. */
export function thumbKeyOf(key: string): string {
  const base = key.slice(key.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  return `thumbs/${base}.jpg`;
}
