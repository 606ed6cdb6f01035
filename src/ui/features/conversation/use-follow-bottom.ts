import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the bottom (px) still counts as "at the bottom": a wheel notch less never stops following. */
const slack = 40;

/**
 * Keeps a scroll box at its bottom while its content grows, like a chat or a log, until the person
 * scrolls up to read; scrolling back down (or `jumpToLatest`) follows again.
 *
 * It follows the content's size (a ResizeObserver on `contentRef`), not each render: the observer
 * reports after the browser's own layout, so a run that changes a thousand chips' badges in a frame
 * costs no layout of its own. Reading `scrollHeight` after every render would force one per change
 * (issue 30: 7 s of a 100 s fan-out). Where there is no ResizeObserver, it follows after each change of
 * `content`.
 */
export function useFollowBottom(
  ref: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  content: unknown,
): { following: boolean; jumpToLatest(): void } {
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
  const observes = typeof ResizeObserver === 'function';
  useLayoutEffect(() => {
    const element = ref.current;
    const inner = contentRef.current;
    if (!observes || !element || !inner) return;
    const observer = new ResizeObserver(() => {
      if (followingRef.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, [ref, contentRef, observes]);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!observes && element && followingRef.current) element.scrollTop = element.scrollHeight;
  }, [ref, content, observes]);
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
