import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the bottom (px) still counts as "at the bottom": a wheel notch less never stops following. */
const slack = 40;

/**
 * Keeps a scroll box at its bottom while `content` grows, like a chat or a log, until the person scrolls
 * up to read; scrolling back down (or `jumpToLatest`) follows again.
 */
export function useFollowBottom(ref: RefObject<HTMLElement | null>, content: unknown): { following: boolean; jumpToLatest(): void } {
  const followingRef = useRef(true);
  const [following, setFollowing] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = () => {
      const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= slack;
      followingRef.current = atBottom;
      setFollowing(atBottom);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [ref]);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && followingRef.current) element.scrollTop = element.scrollHeight;
  }, [ref, content]);
  return {
    following,
    jumpToLatest: () => {
      const element = ref.current;
      if (!element) return;
      followingRef.current = true;
      setFollowing(true);
      element.scrollTop = element.scrollHeight;
    },
  };
}
