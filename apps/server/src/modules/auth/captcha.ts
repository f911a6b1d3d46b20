import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** Draws one captcha: the text to type and its SVG image. */
export type CaptchaGenerator = () => { text: string; svg: string };

/** The production generator: 4 characters without look-alikes, a little noise, in colour. */
export const svgCaptchaGenerator: CaptchaGenerator = () => {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1iIlL' });
  return { text, svg: data };
};

/** A new captcha id (also the lookup key). */
export function newCaptchaId(): string {
  return randomBytes(16).toString('base64url');
}

/** Stored form of a captcha code; case and surrounding space do not matter. */
export function hashCaptchaCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase(), 'utf8').digest('hex');
}

/** True when the typed code matches the stored hash (constant time). */
export function captchaMatches(code: string, storedHash: string): boolean {
  const typed = Buffer.from(hashCaptchaCode(code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}
