import { useEffect, useRef } from 'react';

/** A chapter video in the bundled xgplayer (loaded when a chapter plays, not with the page). */
export function CoursePlayer({ url }: { url: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let player: { destroy(): void } | undefined;
    let cancelled = false;
    void Promise.all([import('xgplayer'), import('xgplayer/dist/index.min.css')]).then(([{ default: Player }]) => {
      if (cancelled || !host.current) {
        return;
      }
      player = new Player({ el: host.current, url, width: '100%', height: '100%', autoplay: false, lang: 'zh-cn' });
    });
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [url]);
  return <div ref={host} data-testid="course-player" style={{ width: '100%', height: '100%' }} />;
}
