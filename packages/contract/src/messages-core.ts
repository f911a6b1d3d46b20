/**
 * The part of the SPEC §8 catalogue the web client's shell (router, guard, request layer) needs on
 * every page. It is its own module so the public pages do not ship the whole catalogue; `Msg` in
 * messages.ts includes every entry here, so callers keep using `Msg`.
 */
export const CoreMsg = {
  // SPEC §8 says "Server error" and "Router {error}": members read Chinese (issue 25), the detail goes to the console.
  serverError: '服务器出错了，请稍后重试',
  routerError: '页面加载失败：{error}',
  authFailed: '授权失败, 请重新登录！',
  rolesFailed: '获取权限失败, 请重新登录！',
  alertTitle: '提示',
  relogin: '重新登录',
  noData: '暂无数据',
  tokenInvalid: '登录已失效，请重新登录',
  networkError: '网络连接失败，请检查网络后重试',
  requestTimeout: '请求超时，请稍后重试',
  badResponse: '服务器响应异常，请稍后重试',
  // The clip modes' names and the clip pages' titles (issue 9): the router titles every clip page.
  clipMode1: '批量混剪',
  clipMode2: '脚本剪辑',
  clipMode3: 'CP拆拼',
  clipMode4: '口播',
  clipMode5: '图文成片',
  clipMode6: '一键成片',
  clipMode7: 'AI剪辑',
  clipMode8: '分组混剪',
  clipNewTask: '新建剪辑任务',
  clipChooseTemplate: '选择视频模板',
} as const;

/** Fills `{name}` placeholders of a catalogue template. */
export function fillMsg(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
