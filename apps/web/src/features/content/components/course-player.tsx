import { useEffect, useRef } from 'react';

/**
 * A chapter video in the bundled xgplayer (loaded when a chapter plays, not with the page). The poster (the
 * course's cover, when it has one) is the box's background from the first paint, server-rendered included,
 * and the player's own poster once it runs.
 */
export function CoursePlayer({ url, poster = '' }: { url: string; poster?: string }) {
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
        width: '100%',
        height: '100%',
        autoplay: false,
        lang: 'zh-cn',
      });
    });
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [url, poster]);
  return (
    <div
      ref={host}
      data-testid="course-player"
      style={{
        width: '100%',
        height: '100%',
        ...(poster ? { background: `center / cover no-repeat url(${JSON.stringify(poster)})` } : {}),
      }}
    />
  );
}
