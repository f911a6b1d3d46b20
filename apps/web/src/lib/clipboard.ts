import { Msg } from '@vidmatrix/contract/messages';
import { notifyError, notifySuccess } from './notify.ts';

/** What copying needs of the browser (navigator.clipboard); absent on plain http outside localhost. */
export type ClipboardLike = Pick<Clipboard, 'writeText'> | undefined;

/** Copies text and says so with the §8 messages: 复制成功, or 复制失败 when the browser refuses. */
export async function copyText(
  text: string,
  clipboard: ClipboardLike = globalThis.navigator?.clipboard,
): Promise<boolean> {
  try {
    if (!clipboard) {
      throw new Error('Clipboard unavailable');
    }
    await clipboard.writeText(text);
    notifySuccess(Msg.copied);
    return true;
  } catch {
    notifyError(Msg.copyFailed);
    return false;
  }
}
