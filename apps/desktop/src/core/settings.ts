import { desktopSettings } from '@vidmatrix/contract/api/desktop-ipc';
import type { DesktopSettings } from '@vidmatrix/contract/desktop-api';
import { readJson, writeJson } from './json-file.ts';

/** The settings file inside the shell's user-data folder. */
export const SETTINGS_FILE = 'settings.json';

/** Defaults of a fresh install; the server URL comes from the build (or VIDMATRIX_SERVER_URL). */
export function defaultSettings(serverUrl: string): DesktopSettings {
  return { serverUrl, chromiumPath: '', logLevel: 'info', devtools: false, showRunnerBrowser: false };
}

export interface SettingsStore {
  get(): DesktopSettings;
  update(changes: Partial<DesktopSettings>): Promise<DesktopSettings>;
}

/**
 * Loads the settings file (schema-checked field by field, so one bad value does not reset the
 * others) and returns a store that writes every change back.
 */
export async function openSettings(file: string, defaults: DesktopSettings): Promise<SettingsStore> {
  const raw = await readJson(file);
  let current = { ...defaults };
  if (typeof raw === 'object' && raw !== null) {
    for (const [key, schema] of Object.entries(desktopSettings.shape)) {
      const parsed = schema.safeParse((raw as Record<string, unknown>)[key]);
      if (parsed.success) {
        current = { ...current, [key]: parsed.data };
      }
    }
  }
  return {
    get: () => ({ ...current }),
    async update(changes) {
      const next = desktopSettings.parse({ ...current, ...changes });
      await writeJson(file, next);
      current = next;
      return { ...current };
    },
  };
}
