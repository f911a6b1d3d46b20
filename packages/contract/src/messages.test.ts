import { describe, expect, it } from 'vitest';
import { fillMsg, Msg } from './messages.ts';

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
    expect(fillMsg('Router {error}', {})).toBe('Router {error}');
  });
});
