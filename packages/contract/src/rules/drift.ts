/**
 * The drift check's verdict per platform (issue 22), as the runner reports it and the console and the
 * runner's `--check` print it.
 */

/** ok 正常; changed 页面已变化 (elements not found); unchecked 未检查 (no signed-in account, nothing missing). */
export const DRIFT_STATES = ['ok', 'changed', 'unchecked'] as const;
export type DriftState = (typeof DRIFT_STATES)[number];

/** The words for each verdict. */
export const DRIFT_STATE_TEXT: Record<DriftState, string> = {
  ok: '正常',
  changed: '页面已变化',
  unchecked: '未检查',
};

/** One platform's verdict in a member's words: 正常, 页面已变化（缺少：上传按钮、标题输入框）, 未检查. */
export function driftText(state: DriftState, missing: readonly string[]): string {
  if (state === 'changed' && missing.length > 0) {
    return `${DRIFT_STATE_TEXT.changed}（缺少：${missing.join('、')}）`;
  }
  return DRIFT_STATE_TEXT[state];
}
