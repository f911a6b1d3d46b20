import type { FailureReason } from '@vidmatrix/contract/rules/publish-result';
import type { PublishState } from '@vidmatrix/contract/rules/publish-state';
import { FINAL_STATES } from '@vidmatrix/contract/rules/publish-state';
import { PUBLISH_PLATFORM_NAMES, type PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';

/** How each job state reads in the console, with its antd tag colour. */
export const STATE_LABEL: Record<PublishState, { text: string; color: string }> = {
  scheduled: { text: '等待发布时间', color: 'default' },
  queued: { text: '排队中', color: 'default' },
  claimed: { text: '发布器已接单', color: 'processing' },
  preparing: { text: '准备中', color: 'processing' },
  uploading: { text: '上传中', color: 'processing' },
  submitting: { text: '提交中', color: 'processing' },
  submitted: { text: '已提交', color: 'processing' },
  verifying: { text: '核实中', color: 'processing' },
  published: { text: '已发布', color: 'success' },
  platform_scheduled: { text: '平台定时中', color: 'cyan' },
  rejected: { text: '审核未通过', color: 'error' },
  failed: { text: '发布失败', color: 'error' },
  needs_action: { text: '等待处理', color: 'warning' },
  unconfirmed: { text: '未能确认', color: 'orange' },
  cancelled: { text: '已取消', color: 'default' },
};

/** Why a job failed, as the runner names it: every reason has its words, so no reason's code reaches the screen. */
const REASON_LABEL: Record<FailureReason, string> = {
  rule_violation: '不符合平台规则',
  logged_out: '账号登录已失效，请重新授权',
  upload_failed: '视频上传失败',
  upload_timeout: '视频上传超时',
  processing_timeout: '平台处理视频超时',
  fill_failed: '填写发布信息失败',
  schedule_not_applied: '定时发布时间未生效',
  submit_rejected: '平台拒绝了发布',
  rate_limited: '平台提示操作频繁',
  submit_timeout: '提交超时',
  needs_action: '需要人工验证',
  action_timeout: '10分钟内未处理验证',
  cancelled: '已取消',
  phase_timeout: '步骤超时',
  profile_busy: '账号正被另一个发布器使用',
  error: '发布出错',
};

/** The words for a job's failure reason; a reason this console does not know yet reads as 发布出错. */
export function reasonLabel(reason: string): string {
  return (REASON_LABEL as Record<string, string>)[reason] ?? REASON_LABEL.error;
}

/** The platforms' names as the console shows them. */
export const PLATFORM_LABEL: Record<PublishPlatform, string> = PUBLISH_PLATFORM_NAMES;

const finals = new Set<string>(FINAL_STATES);

/** True once nothing moves a job by itself. */
export function isFinal(state: string): boolean {
  return finals.has(state);
}

/** Batch progress from its jobs per state: done share, and the successful and failed parts, in %. */
export function batchProgress(states: Record<string, number>, total: number) {
  const count = (...names: string[]) => names.reduce((sum, name) => sum + (states[name] ?? 0), 0);
  const ok = count('published', 'platform_scheduled');
  const bad = count('failed', 'rejected', 'unconfirmed', 'cancelled');
  const pct = (n: number) => (total > 0 ? Math.round((n / total) * 100) : 0);
  return { done: ok + bad, ok, bad, percent: pct(ok + bad), successPercent: pct(ok) };
}
