// Loaded on demand by notify.ts, so the router shell and request layer never pull antd statically.
import { ConfigProvider, message, Modal, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { ERROR_TOAST_SECONDS } from '@vidmatrix/contract/constants';
import { antdTheme } from './theme.ts';

// Static feedback renders outside the app tree: give it the theme and locale explicitly.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={antdTheme}>
      {children}
    </ConfigProvider>
  ),
});

/** An error toast for ERROR_TOAST_SECONDS (SPEC §8). */
export function showError(content: string): void {
  void message.error({ content, duration: ERROR_TOAST_SECONDS });
}

/** An information toast. */
export function showInfo(content: string): void {
  void message.info({ content });
}

/** A warning that stays until closed; a later one with the same `key` replaces it. */
export function showNotice(title: string, content: string, key: string): void {
  notification.warning({ key, title, description: content, duration: 0, placement: 'topRight' });
}

/** A success toast. */
export function showSuccess(content: string): void {
  void message.success({ content });
}

/** A one-button alert; `onOk` runs when the button is pressed. */
export function showAlert(options: { title: string; content: string; okText: string; onOk: () => void }): void {
  Modal.warning({
    title: options.title,
    content: options.content,
    okText: options.okText,
    closable: false,
    maskClosable: false,
    keyboard: false,
    centered: true,
    onOk: options.onOk,
  });
}
