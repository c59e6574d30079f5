import { useEffect, useLayoutEffect, useRef } from "react";

/** Within this many pixels of the bottom, the reader is following the conversation. */
const FOLLOW_SLACK_PX = 120;

/**
 * Where the history is scrolled: new messages (and pictures that finish loading) keep it at the
 * bottom while the reader is there; an older page prepended leaves the view on what it showed.
 * Only the reader's own scrolling decides whether they follow: a scroll event that finds the
 * position this hook set itself (content grew meanwhile, e.g. a picture) changes nothing.
 * `firstId` / `lastId`: the history's oldest and newest message ids; `resetKey`: the conversation.
 */
export function useHistoryScroll(firstId: number, lastId: number, resetKey: number) {
  const ref = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  /** distance from the bottom when an older page was asked for */
  const keepFromBottom = useRef<number | null>(null);
  /** the scrollTop this hook set last */
  const ownScrollTop = useRef<number | null>(null);

  const scrollTo = (element: HTMLElement, top: number) => {
    element.scrollTop = top;
    ownScrollTop.current = element.scrollTop;
  };

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      scrollTo(element, element.scrollHeight - keepFromBottom.current);
      keepFromBottom.current = null;
    } else if (following.current) {
      scrollTo(element, element.scrollHeight);
    }
  }, [firstId, lastId, resetKey]);

  // load does not bubble; a capturing listener hears every picture inside.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onLoad = () => {
      if (following.current && keepFromBottom.current === null) scrollTo(element, element.scrollHeight);
    };
    element.addEventListener("load", onLoad, true);
    return () => element.removeEventListener("load", onLoad, true);
  }, []);

  return {
    ref,
    onScroll() {
      const element = ref.current;
      if (!element || element.scrollTop === ownScrollTop.current) return;
      ownScrollTop.current = null;
      following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK_PX;
    },
    /** before asking for an older page */
    keepView() {
      const element = ref.current;
      if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    },
    /** the servicer sent something: show it */
    follow() {
      following.current = true;
    },
  };
}
