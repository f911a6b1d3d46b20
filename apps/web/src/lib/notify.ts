import { CoreMsg as Msg } from '@vidmatrix/contract/messages-core';

import type * as FeedbackModule from './antd-feedback.tsx';

type Feedback = typeof FeedbackModule;
let feedback: Promise<Feedback> | null = null;
let reloginShown = false;

function load(): Promise<Feedback> {
  feedback ??= import('./antd-feedback.tsx');
  return feedback;
}

/** Shows an error toast (antd is loaded on first use). */
export function notifyError(content: string): void {
  void load().then((f) => f.showError(content));
}

/** Shows an information toast (SPEC §8: the shell's update-error). */
export function notifyInfo(content: string): void {
  void load().then((f) => f.showInfo(content));
}

/** Shows a warning that stays until the member closes it (one per `key`: a repeat replaces it). */
export function notifyNotice(title: string, content: string, key: string): void {
  void load().then((f) => f.showNotice(title, content, key));
}

/** Shows a success toast. */
export function notifySuccess(content: string): void {
  void load().then((f) => f.showSuccess(content));
}

/** The 401 alert (提示 / 重新登录); shown once even when several calls fail together. */
export function alertRelogin(onConfirm: () => void): void {
  if (reloginShown) {
    return;
  }
  reloginShown = true;
  void load().then((f) =>
    f.showAlert({ title: Msg.alertTitle, content: Msg.tokenInvalid, okText: Msg.relogin, onOk: onConfirm }),
  );
}
