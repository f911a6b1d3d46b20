import { describe, expect, it } from 'vitest';
import { Msg } from '../messages.ts';
import { developerWordsIn, iconButtonLabelProblem, isEnglishLabel } from './member-words.ts';

describe('developerWordsIn', () => {
  it('finds commands, variables, header names and role ids', () => {
    expect(developerWordsIn('请在服务器设置 LLM_BASE_URL')).toEqual(['LLM_BASE_URL']);
    expect(developerWordsIn('可用 JOBS=off 与 npm run worker 拆分')).toEqual(['npm run', 'JOBS=off']);
    expect(developerWordsIn('令牌请求头 memberToken，角色 1')).toEqual(['memberToken', '角色 1']);
    expect(developerWordsIn('字体 WenQuanYi Micro Hei，Markdown 文件')).toEqual(['Markdown', 'WenQuanYi']);
  });

  it('leaves member words alone', () => {
    expect(developerWordsIn('请联系管理员开通文案生成；单个文件不超过 10 MB，支持 MP4 与 AI剪辑')).toEqual([]);
  });
});

describe('icon-only controls', () => {
  it('need a Chinese aria-label or title: antd icons name themselves in English', () => {
    expect(iconButtonLabelProblem({})).toBe('图标按钮没有中文名称');
    expect(iconButtonLabelProblem({ ariaLabel: '  ' })).toBe('图标按钮没有中文名称');
    expect(iconButtonLabelProblem({ ariaLabel: 'delete' })).toBe('图标按钮的名称是英文：delete');
    expect(iconButtonLabelProblem({ ariaLabel: '删除', title: 'Delete' })).toBe('图标按钮的名称是英文：Delete');
    expect(iconButtonLabelProblem({ ariaLabel: '删除' })).toBeNull();
    expect(iconButtonLabelProblem({ title: '复制 ID' })).toBeNull();
  });

  it('tells English labels from Chinese ones and from numbers', () => {
    expect(isEnglishLabel('menu-fold')).toBe(true);
    expect(isEnglishLabel('客户消息，99+ 条未读')).toBe(false);
    expect(isEnglishLabel('99+')).toBe(false);
  });
});

describe('the message catalogue', () => {
  it('speaks to members, never in developer words', () => {
    const found = Object.entries(Msg).flatMap(([key, text]) => developerWordsIn(text).map((word) => `${key}: ${word}`));
    expect(found).toEqual([]);
  });
});
