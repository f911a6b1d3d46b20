import { hash, randomBytes } from 'node:crypto';

/** A fresh session token: 32 random bytes, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The form a token is stored and looked up in: sha256, hex (one-shot: it runs on every request). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
