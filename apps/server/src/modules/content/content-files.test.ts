import { describe, expect, it } from 'vitest';
import { formatContentFile, parseContentFile } from './content-files.ts';
import { compareVersions } from './content.service.ts';

describe('content files', () => {
  it('parses front matter per kind and writes it back the same', () => {
    const text =
      '---\ntitle: 第1课\nsort: 2\ncourse: getting-started\nvideo: media/course/a.mp4\nduration: 8\n---\n\n正文\n';
    const doc = parseContentFile('chapter', 'start-1', text);
    expect(doc).toEqual({
      kind: 'chapter',
      slug: 'start-1',
      title: '第1课',
      sort: 2,
      meta: { course: 'getting-started', video: 'media/course/a.mp4', duration: 8, members_only: false },
      body: '正文',
    });
    expect(parseContentFile('chapter', 'start-1', formatContentFile(doc))).toEqual(doc);
  });

  it('names the field that does not fit, and refuses unsafe slugs and unknown kinds', () => {
    expect(() => parseContentFile('changelog', 'v1', '---\ntitle: x\ndate: 2026-01-01\nclient: web\n---\n')).toThrow(
      /^version: /,
    );
    expect(() => parseContentFile('changelog', '../x', '---\ntitle: x\n---\n')).toThrow();
    expect(() => parseContentFile('secret', 'x', '---\ntitle: x\n---\n')).toThrow();
    expect(() => parseContentFile('help', 'x', 'no front matter')).toThrow(/front matter/);
  });

  it('orders versions numerically', () => {
    expect(['0.9.0', '0.10.0', '0.1.0'].sort((a, b) => compareVersions(b, a))).toEqual(['0.10.0', '0.9.0', '0.1.0']);
  });
});
