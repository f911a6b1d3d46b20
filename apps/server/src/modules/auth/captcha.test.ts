import { describe, expect, it } from 'vitest';
import { captchaMatches, hashCaptchaCode, newCaptchaId, svgCaptchaGenerator } from './captcha.ts';

describe('captcha', () => {
  it('matches case-insensitively and ignores surrounding space', () => {
    const stored = hashCaptchaCode('AbC9');
    expect(captchaMatches('abc9', stored)).toBe(true);
    expect(captchaMatches(' ABC9 ', stored)).toBe(true);
    expect(captchaMatches('abc8', stored)).toBe(false);
    expect(captchaMatches('', stored)).toBe(false);
  });

  it('refuses a malformed stored hash', () => {
    expect(captchaMatches('abcd', 'not-hex')).toBe(false);
  });

  it('draws 4 characters as SVG, and ids are unguessable', () => {
    const { text, svg } = svgCaptchaGenerator();
    expect(text).toHaveLength(4);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(newCaptchaId()).toMatch(/^[\w-]{22}$/);
    expect(newCaptchaId()).not.toBe(newCaptchaId());
  });
});
