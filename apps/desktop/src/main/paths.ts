import { join } from 'node:path';

/** The folders the shell keeps under Electron's userData folder. */
export function shellPaths(userData: string, logs: string) {
  return {
    settings: join(userData, 'settings.json'),
    logs,
    fonts: join(userData, 'fonts'),
    artefacts: join(userData, 'artefacts'),
    jobs: join(userData, 'jobs'),
    diagnostics: join(userData, 'diagnostics'),
    userData,
  };
}
