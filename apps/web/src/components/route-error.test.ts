import { describe, expect, it } from 'vitest';
import { RequestError } from '../lib/request.ts';
import { routeErrorText } from './route-error.tsx';

describe('routeErrorText', () => {
  it('names a failed chunk load in Chinese, not with the browser English', () => {
    const text = routeErrorText(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(text).toBe('页面加载失败：网络连接失败，请检查网络后重试');
  });
  it('keeps the request layer reason', () => {
    expect(routeErrorText(new RequestError('服务繁忙', 'server', 503))).toBe('页面加载失败：服务繁忙');
  });
  it('a thrown response or a string is not shown as is', () => {
    expect(routeErrorText('boom')).toBe('页面加载失败：网络连接失败，请检查网络后重试');
  });
});
