import { join } from 'node:path';
import { SETTINGS_FILE } from '../core/settings.ts';

/** The folders the shell keeps under Electron's userData folder. */
export function shellPaths(userData: string, logs: string) {
  return {
    settings: join(userData, SETTINGS_FILE),
    logs,
    fonts: join(userData, 'fonts'),
    artefacts: join(userData, 'artefacts'),
    jobs: join(userData, 'jobs'),
    diagnostics: join(userData, 'diagnostics'),
    userData,
  };
}
