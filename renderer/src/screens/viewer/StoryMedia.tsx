// The story's picture or video, full frame. Tells the viewer when it is ready so its time starts then;
// a video that cannot play falls back to its picture.
import { useEffect, useState, type RefObject } from 'react';
import type { Story } from '../../../../shared/records';
import { mediaSrc } from '../../state/app';
import { frameImageUrl, videoUrlOf, type ViewerAction } from './logic';

export function StoryMedia({ story, videoRef, dispatch }: { story: Story; videoRef: RefObject<HTMLVideoElement | null>; dispatch: (action: ViewerAction) => void }) {
  const [failed, setFailed] = useState(false);
  const image = mediaSrc(frameImageUrl(story));
  const video = mediaSrc(videoUrlOf(story));
  const ready = () => dispatch({ type: 'resume', reason: 'loading' });
  const alt = story.owner?.username ? `Story by @${story.owner.username}` : 'Story';
  useEffect(() => {
    if (!image && !video) dispatch({ type: 'resume', reason: 'loading' });
  }, [image, video, dispatch]);

  if (video && !failed) {
    return (
      <video
        ref={videoRef}
        className="sv-media"
        src={video}
        poster={image}
        preload="auto"
        playsInline
        aria-label={`${alt} (video)`}
        onLoadedMetadata={(e) => dispatch({ type: 'duration', ms: e.currentTarget.duration * 1000 })}
        onCanPlay={ready}
        onEnded={() => dispatch({ type: 'ended' })}
        onError={() => {
          setFailed(true);
          dispatch({ type: 'fallback' });
        }}
        data-testid="story-video"
      />
    );
  }
  if (!image) {
    return <div className="sv-media sv-missing">No picture for this story</div>;
  }
  return (
    <>
      <img className="sv-media" src={image} alt={alt} draggable={false} onLoad={ready} onError={() => { setFailed(true); ready(); }} data-testid="story-image" />
      {failed && video === undefined && <div className="sv-missing-note">The picture could not be loaded</div>}
      {failed && video !== undefined && <div className="sv-missing-note">The video could not be played; showing its picture</div>}
    </>
  );
}
