import { type RefObject, useEffect } from 'react';

/**
 * Marks a sideways-scrolling box with `data-overflow-start` / `data-overflow-end` while columns are hidden
 * on that side, so the pinned columns can cast a shadow there (as antd's table does) and a column
 * running under them reads as "scrolls on", not as cut. Written straight to the element: scrolling
 * never re-renders the table.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const mark = () => {
      const hiddenEnd = box.scrollWidth - box.clientWidth - box.scrollLeft;
      box.toggleAttribute('data-overflow-start', box.scrollLeft > 0);
      box.toggleAttribute('data-overflow-end', hiddenEnd > 1);
    };
    mark();
    box.addEventListener('scroll', mark, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    observer?.observe(box);
    const table = box.firstElementChild;
    if (table) observer?.observe(table);
    return () => {
      box.removeEventListener('scroll', mark);
      observer?.disconnect();
    };
  }, [ref]);
}

/**
 * The pinned columns' shadows, drawn while the box is marked (`--lt-edge` is the theme's split line
 * colour, set by the list table beside its other variables).
 */
export const SCROLL_EDGES_CSS = `
.sf-lt-fixed-start-edge::after,.sf-lt-fixed-end-edge::after{content:"";position:absolute;top:0;bottom:-1px;width:30px;pointer-events:none;transition:box-shadow .3s}
.sf-lt-fixed-start-edge::after{inset-inline-end:0;transform:translateX(100%)}
.sf-lt-fixed-end-edge::after{inset-inline-start:0;transform:translateX(-100%)}
.sf-lt-scroll[data-overflow-start] .sf-lt-fixed-start-edge::after{box-shadow:inset 10px 0 8px -8px var(--lt-edge)}
.sf-lt-scroll[data-overflow-end] .sf-lt-fixed-end-edge::after{box-shadow:inset -10px 0 8px -8px var(--lt-edge)}
`;
