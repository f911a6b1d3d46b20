import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { isVersionName, VERSION_PART_MAX, versionCodeOf } from '@vidmatrix/contract/rules/version-code';
import type { StorageDriver } from '../../storage/storage.ts';
import type { SettingRepository } from './setting.repository.ts';

/** A desktop platform a release is published for: its versionInfo platform, folder, channel file and link setting. */
export const RELEASE_PLATFORMS = {
  win: { versionPlatform: '1', folder: 'releases/win', channel: 'latest.yml', setting: 'windows_url' },
  mac: { versionPlatform: '2', folder: 'releases/mac', channel: 'latest-mac.yml', setting: 'mac_config_url' },
} as const;
export type ReleasePlatform = keyof typeof RELEASE_PLATFORMS;

/** One file of a release as electron-builder describes it in a channel file. */
export interface ReleaseFile {
  url: string;
  sha512: string;
  size: number;
}

/**
 * The electron-builder channel file (latest.yml / latest-mac.yml) electron-updater's generic provider
 * reads: every file with its base64 sha512 and size, `path`/`sha512` of the one it installs (the
 * installer on Windows, the zip on macOS). Strings are written as JSON strings, which YAML reads as is.
 */
export function channelFileText(
  version: string,
  files: readonly ReleaseFile[],
  main: ReleaseFile,
  releaseDate: string,
) {
  const q = (value: string) => JSON.stringify(value);
  return [
    `version: ${q(version)}`,
    'files:',
    ...files.flatMap((f) => [`  - url: ${q(f.url)}`, `    sha512: ${q(f.sha512)}`, `    size: ${f.size}`]),
    `path: ${q(main.url)}`,
    `sha512: ${q(main.sha512)}`,
    `releaseDate: ${q(releaseDate)}`,
    '',
  ].join('\n');
}

/** The file electron-updater installs: the .exe on Windows, the .zip on macOS (it cannot install a dmg). */
function installedFile(platform: ReleasePlatform, files: readonly ReleaseFile[]): ReleaseFile | undefined {
  const wanted = platform === 'win' ? '.exe' : '.zip';
  return files.find((f) => extname(f.url).toLowerCase() === wanted);
}

/** The file a person downloads from /download and versionInfo: the .exe, or the .dmg (else the zip). */
function downloadedFile(platform: ReleasePlatform, files: readonly ReleaseFile[]): ReleaseFile | undefined {
  const wanted = platform === 'win' ? ['.exe'] : ['.dmg', '.zip'];
  for (const ext of wanted) {
    const found = files.find((f) => extname(f.url).toLowerCase() === ext);
    if (found) {
      return found;
    }
  }
  return undefined;
}

function sha512Of(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha512');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('base64')))
      .on('error', reject);
  });
}

/** A refusal the operator CLI prints as it is. */
export class ReleaseError extends Error {}

export interface PublishReleaseInput {
  platform: ReleasePlatform;
  versionName: string;
  /** Optional: derived from versionName (contract rules/version-code); when given it must agree. */
  versionCode?: number;
  notes: string;
  /** Local paths of the release's files (electron-builder's output). */
  files: readonly string[];
}

type ReleaseStore = Pick<SettingRepository, 'insertVersion' | 'upsertSiteSetting' | 'versionExists'>;

/**
 * Publishes a desktop release (issue 11): stores its files and the channel file under
 * `releases/<win|mac>/` in storage (served at the generic-provider URL, the folder of downloadUrl),
 * then the client_version row versionInfo answers and the client link /download offers.
 */
export class ReleaseService {
  private readonly repo: ReleaseStore;

  constructor(private readonly deps: { settingRepository: ReleaseStore; now: () => number; storage: StorageDriver }) {
    this.repo = deps.settingRepository;
  }

  async publish(
    input: PublishReleaseInput,
  ): Promise<{ downloadUrl: string; channelUrl: string; files: ReleaseFile[] }> {
    const target = RELEASE_PLATFORMS[input.platform];
    if (!isVersionName(input.versionName)) {
      throw new ReleaseError(
        `--version-name must be a version such as 1.2.0 (minor and patch up to ${VERSION_PART_MAX}), got "${input.versionName}"`,
      );
    }
    // The code is the name's (the desktop counts its own that way): given, it must agree.
    const versionCode = versionCodeOf(input.versionName);
    if (input.versionCode !== undefined && input.versionCode !== versionCode) {
      throw new ReleaseError(
        `--version-code ${input.versionCode} does not match ${input.versionName}, whose code is ${versionCode}`,
      );
    }
    if (await this.repo.versionExists(target.versionPlatform, versionCode)) {
      throw new ReleaseError(`${input.platform} already has a release with version code ${versionCode}`);
    }
    const files: ReleaseFile[] = [];
    for (const path of input.files) {
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) {
        throw new ReleaseError(`no such file: ${path}`);
      }
      files.push({ url: basename(path), sha512: await sha512Of(path), size: info.size });
    }
    const installed = installedFile(input.platform, files);
    const download = downloadedFile(input.platform, files);
    if (!installed || !download) {
      throw new ReleaseError(
        input.platform === 'win'
          ? 'a Windows release needs the NSIS installer (.exe)'
          : 'a macOS release needs the .zip electron-updater installs (and the .dmg people download)',
      );
    }
    const { storage } = this.deps;
    for (const [i, path] of input.files.entries()) {
      await storage.put(`${target.folder}/${files[i]?.url}`, createReadStream(path), 'application/octet-stream');
    }
    // The channel file goes last: an updater never reads one naming files not yet there.
    const channel = channelFileText(input.versionName, files, installed, new Date(this.deps.now()).toISOString());
    await storage.put(`${target.folder}/${target.channel}`, Buffer.from(channel), 'text/yaml; charset=utf-8');
    const downloadUrl = storage.publicUrl(`${target.folder}/${download.url}`);
    await this.repo.insertVersion({
      platform: target.versionPlatform,
      version_code: versionCode,
      version_name: input.versionName,
      version_info: input.notes,
      download_url: downloadUrl,
      created_at: this.deps.now(),
    });
    await this.repo.upsertSiteSetting(target.setting, downloadUrl);
    return { downloadUrl, channelUrl: storage.publicUrl(`${target.folder}/${target.channel}`), files };
  }
}
