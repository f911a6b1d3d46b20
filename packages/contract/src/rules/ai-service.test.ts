import { describe, expect, it } from 'vitest';
import { isEmbeddableAiLink } from './ai-service.ts';

describe('isEmbeddableAiLink', () => {
  it('accepts https links only (the CSP blocks http frames)', () => {
    expect(isEmbeddableAiLink('https://ai.example.test/chat')).toBe(true);
    expect(isEmbeddableAiLink('HTTPS://ai.example.test/')).toBe(true);
    for (const link of ['http://ai.example.test/chat', 'javascript:alert(1)', 'ftp://x/', '', 'https//x', '/chat']) {
      expect(isEmbeddableAiLink(link), link).toBe(false);
    }
  });
});
