import type { ClipFontItem } from '@vidmatrix/contract/api/clip-task';
import { getDesktop } from '../../../lib/desktop.ts';

/** Fonts loaded into this page, by family: each is loaded once. */
const loading = new Map<string, Promise<boolean>>();

/** Loads one source of a family into the page; false when the browser cannot use it. */
async function addFace(family: string, source: string | BufferSource): Promise<boolean> {
  try {
    document.fonts.add(await new FontFace(family, source).load());
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads a getFront font into the page so the subtitle preview draws with the renderer's own font: in
 * the desktop the copy it synced (issue 11: font sync), else the file the server serves at `path`.
 * The server serves a collection's face as a single-face font (Chromium refused wqy-microhei.ttc:
 * "FFTM: misaligned table"); for a file Chromium still refuses, the same family installed on this
 * computer is the fallback. Resolves false when none loads (the preview keeps the system font).
 */
export function loadClipFont(font: ClipFontItem): Promise<boolean> {
  let pending = loading.get(font.value);
  if (!pending) {
    pending = (async () => {
      const local = await getDesktop()
        ?.fontData?.(font)
        .catch(() => null);
      const file = local ? new Uint8Array(local) : `url("${encodeURI(font.path)}")`;
      return (await addFace(font.value, file)) || addFace(font.value, `local("${font.value.replace(/"/g, '')}")`);
    })();
    loading.set(font.value, pending);
  }
  return pending;
}
