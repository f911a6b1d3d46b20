import { useXgPlayer } from '../../../lib/use-xgplayer.ts';

/**
 * A chapter video in the bundled xgplayer (loaded when a chapter plays, not with the page). The poster (the
 * course's cover, when it has one) is the box's background from the first paint, server-rendered included,
 * and the player's own poster once it runs.
 */
export function CoursePlayer({ url, poster = '' }: { url: string; poster?: string }) {
  const host = useXgPlayer({ url, poster, width: '100%', height: '100%', autoplay: false });
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
