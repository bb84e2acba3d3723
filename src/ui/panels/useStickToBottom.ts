/**
 * Keeps a log-like list scrolled to its newest row while the user has not scrolled
 * up (tail -f behaviour); scrolling up pins it where the user left it.
 */
import { useLayoutEffect, useRef } from 'react';

export function useStickToBottom<T extends HTMLElement>(count: number) {
  const ref = useRef<T>(null);
  const stuck = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => {
      stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    };
    el.addEventListener('scroll', onScroll);
    return () => el.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && stuck.current && count > 0) el.scrollTop = el.scrollHeight;
  }, [count]);
  return ref;
}
