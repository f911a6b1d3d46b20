import { autoUpdater, type ProgressInfo } from 'electron-updater';
import { Msg } from '@vidmatrix/contract/messages';
import type { Logger } from '../core/log.ts';
import type { UpdateDriver } from '../core/update.ts';

/** electron-updater behind the core's driver interface: generic provider on the feed the server named. */
export function electronUpdateDriver(log: Logger): UpdateDriver {
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.logger = {
    info: (message?: unknown) => log.info(String(message)),
    warn: (message?: unknown) => log.warn(String(message)),
    error: (message?: unknown) => log.error(String(message)),
    debug: (message: string) => log.debug(message),
  };
  return {
    async download(feedUrl, onProgress) {
      autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl });
      const listener = (progress: ProgressInfo) => onProgress(progress.transferred, progress.total);
      autoUpdater.on('download-progress', listener);
      try {
        const check = await autoUpdater.checkForUpdates();
        if (!check?.isUpdateAvailable) {
          throw new Error(Msg.latestVersion);
        }
        await autoUpdater.downloadUpdate();
      } finally {
        autoUpdater.off('download-progress', listener);
      }
    },
    quitAndInstall() {
      // Next tick: the 'downloaded' event reaches the page before the windows close.
      setImmediate(() => autoUpdater.quitAndInstall(false, true));
    },
  };
}
