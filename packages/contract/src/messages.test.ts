import { describe, expect, it } from 'vitest';
import { fillMsg, Msg } from './messages.ts';
import { developerWordsIn, isEnglishLabel } from './rules/member-words.ts';

describe('the catalogue speaks to members', () => {
  // Every entry is read by a member (a toast, an error page, a form): Chinese, no developer words.
  for (const [key, text] of Object.entries(Msg)) {
    it(key, () => {
      // Placeholders are filled with Chinese or numbers; product names such as QQ are what members call them.
      const words = text.replace(/\{\w+\}/g, '').replace(/\b(QQ|AI|App)\b/g, '');
      expect(isEnglishLabel(words), `Msg.${key} is English: ${text}`).toBe(false);
      expect(developerWordsIn(words)).toEqual([]);
    });
  }
});

describe('fillMsg', () => {
  it('fills the import summary', () => {
    expect(fillMsg(Msg.importSummary, { add: 3, update: 1, fail: 2 })).toBe(
      '成功新增 3 条数据，更新 1 条数据，导入失败 2 条数据。',
    );
  });
  it('fills size and count limits', () => {
    expect(fillMsg(Msg.fileTooLarge, { n: 300 })).toBe('文件大小不超过300MB!');
    expect(fillMsg(Msg.tooManyFiles, { limit: 9 })).toBe('最多上传9个文件');
  });
  it('leaves unknown placeholders alone', () => {
    expect(fillMsg('页面加载失败：{error}', {})).toBe('页面加载失败：{error}');
  });
});
