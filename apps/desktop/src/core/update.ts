import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { VersionResult } from '@vidmatrix/contract/api/setting';
import type { DesktopApi, UpdateEvent } from '@vidmatrix/contract/desktop-api';
import { Msg } from '@vidmatrix/contract/messages';
import { ApiError, type DesktopServerApi } from './api-client.ts';
import type { Logger } from './log.ts';

type Os = DesktopApi['os'];

/** The versionInfo platform of this OS (SPEC §7: 1 Windows, 2 Mac); Linux builds do not update. */
export function versionPlatformOf(os: Os): '1' | '2' | undefined {
  if (os === 'win32') {
    return '1';
  }
  return os === 'darwin' ? '2' : undefined;
}

/** The channel file electron-builder writes for this OS, read by electron-updater's generic provider. */
export function channelFileName(os: Os): string {
  if (os === 'win32') {
    return 'latest.yml';
  }
  return os === 'darwin' ? 'latest-mac.yml' : 'latest-linux.yml';
}

/** An electron-builder channel file (`latest.yml`, `latest-mac.yml`). */
export const channelFile = z.object({
  version: z.coerce.string(),
  files: z
    .array(
      z.object({ url: z.string().min(1), sha512: z.string().min(1), size: z.number().int().nonnegative().optional() }),
    )
    .min(1),
  path: z.string().optional(),
  sha512: z.string().optional(),
  releaseDate: z.string().optional(),
});
export type ChannelFile = z.infer<typeof channelFile>;

/** The generic provider's feed: the folder that holds the installer named by downloadUrl. */
export function feedUrlOf(downloadUrl: string): string {
  return new URL('./', downloadUrl).toString();
}

/** Fetches and checks the channel file of this OS under the feed. */
export async function readChannelFile(feedUrl: string, os: Os, doFetch: typeof fetch = fetch): Promise<ChannelFile> {
  const url = new URL(channelFileName(os), feedUrl);
  const response = await doFetch(url);
  if (!response.ok) {
    throw new Error(`channel file ${url.pathname} answered ${response.status}`);
  }
  return channelFile.parse(parseYaml(await response.text()));
}

/** Stored when a check returns both versionCode and downloadUrl (SPEC §4). */
export interface UpdateData {
  versionCode: number;
  versionName: string;
  versionInfo: string;
  downloadUrl: string;
}

/** Returns the update data when the check names a real update, otherwise undefined (SPEC §4). */
export function updateDataOf(result: VersionResult): UpdateData | undefined {
  if (result.versionCode === undefined || !result.downloadUrl) {
    return undefined;
  }
  const { versionCode, versionName, versionInfo, downloadUrl } = result;
  return { versionCode, versionName, versionInfo, downloadUrl };
}

/** What electron-updater does in the thin layer: download from the feed, then install and restart. */
export interface UpdateDriver {
  download(feedUrl: string, onProgress: (transferredBytes: number, totalBytes: number) => void): Promise<void>;
  quitAndInstall(): void;
}

export type UpdateState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available'; update: UpdateData; sizeMb: number }
  | { status: 'downloading'; update: UpdateData; transferredMb: number; totalMb: number }
  | { status: 'downloaded'; update: UpdateData }
  | { status: 'not-available' }
  | { status: 'error'; kind: 'update-error' | 'download'; message: string };

export interface UpdateMachineDeps {
  api: Pick<DesktopServerApi, 'versionInfo'>;
  driver: UpdateDriver;
  os: Os;
  versionCode: number;
  emit: (event: UpdateEvent) => void;
  log: Logger;
  fetch?: typeof fetch;
}

/** Bytes to MB with two decimals, as the progress bar shows them (SPEC §2.3). */
export function toMb(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}

const stripV = (version: string) => version.trim().replace(/^v/i, '');

/**
 * What the page may show for a failure (SPEC §8: the returned msg): the server's msg, or a message
 * already worded in Chinese; the English of electron-updater, fetch or a channel-file check is logged
 * and replaced by `fallback`.
 */
export function memberMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    return error.message;
  }
  return error instanceof Error && /\p{Script=Han}/u.test(error.message) ? error.message : fallback;
}

/** The SPEC §4 update flow: check → available → 安装并重启 → progress → downloaded, or none / error. */
export class UpdateMachine {
  #state: UpdateState = { status: 'idle' };
  /** The last check's answer as given (the extra data stored even when it names no update). */
  lastResult: VersionResult | undefined;

  constructor(private readonly deps: UpdateMachineDeps) {}

  get state(): UpdateState {
    return this.#state;
  }

  /** Asks the server for a newer version of this platform and reads its channel file. */
  async check(): Promise<void> {
    if (this.#state.status === 'checking' || this.#state.status === 'downloading') {
      return;
    }
    const platform = versionPlatformOf(this.deps.os);
    this.#set({ status: 'checking' }, { type: 'checking' });
    if (!platform) {
      this.#set({ status: 'not-available' }, { type: 'none', message: Msg.latestVersion });
      return;
    }
    try {
      const result = await this.deps.api.versionInfo(platform, this.deps.versionCode);
      this.lastResult = result;
      const update = updateDataOf(result);
      if (!update || update.versionCode <= this.deps.versionCode) {
        this.#set({ status: 'not-available' }, { type: 'none', message: Msg.latestVersion });
        return;
      }
      const channel = await readChannelFile(feedUrlOf(update.downloadUrl), this.deps.os, this.deps.fetch);
      // The dialog must announce the version electron-updater will actually install.
      if (stripV(channel.version) !== stripV(update.versionName)) {
        throw new Error(`channel file names ${channel.version}, the server ${update.versionName}`);
      }
      const sizeMb = toMb(channel.files[0]?.size ?? 0);
      this.#set(
        { status: 'available', update, sizeMb },
        {
          type: 'available',
          versionName: update.versionName,
          versionInfo: update.versionInfo,
          versionCode: update.versionCode,
          sizeMb,
        },
      );
    } catch (error) {
      this.deps.log.warn('update check failed', { error: String(error) });
      this.#fail('update-error', error);
    }
  }

  /** 安装并重启: downloads the available update with progress, then installs and restarts. */
  async install(): Promise<void> {
    const current = this.#state;
    if (current.status !== 'available' && !(current.status === 'error' && current.kind === 'download')) {
      this.deps.log.info('install ignored', { status: current.status });
      return;
    }
    const update = current.status === 'available' ? current.update : this.#lastUpdate;
    if (!update) {
      return;
    }
    this.#lastUpdate = update;
    this.#set(
      { status: 'downloading', update, transferredMb: 0, totalMb: 0 },
      { type: 'progress', transferredMb: 0, totalMb: 0 },
    );
    try {
      await this.deps.driver.download(feedUrlOf(update.downloadUrl), (transferred, total) => {
        const progress = { transferredMb: toMb(transferred), totalMb: toMb(total) };
        this.#set({ status: 'downloading', update, ...progress }, { type: 'progress', ...progress });
      });
    } catch (error) {
      this.deps.log.error('update download failed', { error: String(error) });
      this.#fail('download', error);
      return;
    }
    this.#set({ status: 'downloaded', update }, { type: 'downloaded' });
    this.deps.driver.quitAndInstall();
  }

  #lastUpdate: UpdateData | undefined;

  #fail(kind: 'update-error' | 'download', error: unknown) {
    const message = memberMessage(error, kind === 'download' ? Msg.updateDownloadFailed : Msg.updateCheckFailed);
    this.#set({ status: 'error', kind, message }, { type: 'error', kind, message });
  }

  #set(state: UpdateState, event: UpdateEvent) {
    if (state.status === 'available') {
      this.#lastUpdate = state.update;
    }
    this.#state = state;
    this.deps.emit(event);
  }
}
