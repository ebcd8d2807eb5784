// The player's time: what pauses it (window blur, hidden page, focus away, a held pointer), the clock
// that moves the progress (images count time here, videos report their own position), the video
// element following the viewer's state, and the next item's media fetched ahead.
import { useEffect, useRef, type PointerEvent, type RefObject } from 'react';
import { mediaSrc } from '../../state/app';
import { usePauseAway } from './focus';
import { TAP_MS, frameImageUrl, videoUrlOf, type ViewerAction } from './logic';
import type { Story } from '../../../../shared/records';

type Dispatch = (action: ViewerAction) => void;

/** Pause while the window has lost the focus (main's own question is open, another app is in front),
 *  while it is hidden, and while the focus is outside the viewer. */
export function usePauseWhenAway(dispatch: Dispatch): void {
  useEffect(() => {
    const onBlur = () => dispatch({ type: 'pause', reason: 'dialog' });
    const onFocus = () => dispatch({ type: 'resume', reason: 'dialog' });
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, [dispatch]);
  usePauseAway(dispatch);
  useEffect(() => {
    const onVisibility = () => dispatch({ type: document.hidden ? 'pause' : 'resume', reason: 'hidden' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);
}

/** The clock and the video: images count time here; videos report their own position. The video
 *  follows the viewer's state; a browser that refuses sound without a gesture gets it muted. */
export function usePlaybackClock(
  videoRef: RefObject<HTMLVideoElement | null>,
  { playing, clock, muted, index }: { playing: boolean; clock: 'timer' | 'media'; muted: boolean; index: number },
  dispatch: Dispatch,
): void {
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    const t = window.setInterval(() => {
      const now = performance.now();
      if (clock === 'timer') dispatch({ type: 'tick', ms: now - last });
      else if (videoRef.current) dispatch({ type: 'progress', ms: videoRef.current.currentTime * 1000 });
      last = now;
    }, 50);
    return () => window.clearInterval(t);
  }, [playing, clock, index, videoRef, dispatch]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = muted;
    if (playing && clock === 'media') {
      video.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) dispatch({ type: 'toggleMute' });
      });
    } else {
      video.pause();
    }
  }, [playing, clock, muted, index, videoRef, dispatch]);
}

/** Hold to pause; a short tap on the left third goes back, elsewhere forward. */
export function useHoldToPause(dispatch: Dispatch) {
  const press = useRef<number | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    press.current = performance.now();
    dispatch({ type: 'pause', reason: 'hold' });
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const started = press.current;
    press.current = null;
    dispatch({ type: 'resume', reason: 'hold' });
    if (started === null || performance.now() - started >= TAP_MS) return;
    const rect = e.currentTarget.getBoundingClientRect();
    dispatch({ type: e.clientX - rect.left < rect.width / 3 ? 'prev' : 'next' });
  };
  const onPointerCancel = () => {
    press.current = null;
    dispatch({ type: 'resume', reason: 'hold' });
  };
  return { onPointerDown, onPointerUp, onPointerCancel, onPointerLeave: onPointerCancel };
}

/** Fetches the next item's media ahead of time, so moving on shows it at once. */
export function usePreloadNext(next: Story | undefined): void {
  const keep = useRef<HTMLImageElement | HTMLVideoElement | null>(null);
  const image = next ? mediaSrc(frameImageUrl(next)) : undefined;
  const video = next ? mediaSrc(videoUrlOf(next)) : undefined;
  useEffect(() => {
    if (video) {
      const v = document.createElement('video');
      v.preload = 'auto';
      v.muted = true;
      v.src = video;
      keep.current = v;
    } else if (image) {
      const img = new Image();
      img.src = image;
      keep.current = img;
    }
    return () => {
      keep.current = null;
    };
  }, [image, video]);
}
