import { NOTIFICATION_TIMEOUT_MS } from '@vidmatrix/contract/constants';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import type { SendMsgData } from '@vidmatrix/contract/events';
import { Msg } from '@vidmatrix/contract/messages';
import soundUrl from '../assets/new-message.wav';

/** True on a /customer/chat page, where the thread itself shows the message. */
export function isOnChatPage(pathname: string): boolean {
  return pathname === ConsolePath.customerChat || pathname.startsWith(`${ConsolePath.customerChat}/`);
}

/** Asks once for the desktop-notification permission (browsers want it asked early, not on arrival). */
export function requestNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}

/** The desktop notification 您有新消息 (SPEC §4), closed after NOTIFICATION_TIMEOUT_MS; not on a chat page. */
export function notifyNewMessage(data: SendMsgData, pathname: string): void {
  if (isOnChatPage(pathname) || typeof Notification === 'undefined' || Notification.permission !== 'granted') {
    return;
  }
  const name = data.customer_name || data.customer_id;
  const notification = new Notification(Msg.newMessage, { body: `${name}：${data.content}`, tag: 'customer-message' });
  setTimeout(() => notification.close(), NOTIFICATION_TIMEOUT_MS);
}

let audio: HTMLAudioElement | null = null;

/** Plays the short new-message sound (browsers may refuse before the first user gesture). */
export function playMessageSound(): void {
  audio ??= new Audio(soundUrl);
  audio.currentTime = 0;
  void audio.play().catch(() => undefined);
}
