import { useEffect, useState } from 'react';
import type { DesktopApi, DesktopSettings } from '@vidmatrix/contract/desktop-api';

/**
 * The settings the desktop shell keeps, read once per shell (null until they arrive, or when the shell
 * has no settings call); the setter shows a change the page has just saved.
 */
export function useDesktopSettings(desktop: DesktopApi) {
  const [settings, setSettings] = useState<DesktopSettings | null>(null);
  useEffect(() => {
    let alive = true;
    void desktop.getSettings?.().then((s) => {
      if (alive) {
        setSettings(s);
      }
    });
    return () => {
      alive = false;
    };
  }, [desktop]);
  return [settings, setSettings] as const;
}
