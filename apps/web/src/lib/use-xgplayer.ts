import { useEffect, useRef } from 'react';

/** What the bundled xgplayer is given besides its host element. */
export interface XgPlayerOptions {
  url: string;
  poster?: string;
  width: number | string;
  height: number | string;
  autoplay: boolean;
}

/**
 * Mounts the bundled xgplayer in the returned element's ref. The player's code and styles load when the
 * first player mounts, not with the page (console JS budget); it is destroyed on unmount or a new url.
 */
export function useXgPlayer({ url, poster = '', width, height, autoplay }: XgPlayerOptions) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let player: { destroy(): void } | undefined;
    let cancelled = false;
    void Promise.all([import('xgplayer'), import('xgplayer/dist/index.min.css')]).then(([{ default: Player }]) => {
      if (cancelled || !host.current) {
        return;
      }
      player = new Player({
        el: host.current,
        url,
        poster: poster || undefined,
        width,
        height,
        autoplay,
        lang: 'zh-cn',
      });
    });
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [url, poster, width, height, autoplay]);
  return host;
}
