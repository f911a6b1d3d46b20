import { createHash, randomBytes } from 'node:crypto';

/** A fresh session token: 32 random bytes, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The form a token is stored and looked up in: sha256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
