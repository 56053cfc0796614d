import { useEffect, useReducer, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

interface Props {
  count: number;
  /** px of a row */
  rowHeight: number;
  /** the box that scrolls, and the height it shows at most */
  scroller: RefObject<HTMLDivElement | null>;
  maxHeight: number;
  /** rows drawn above and below the visible ones */
  overscan: number;
  /** set here: scrolls a row into view */
  scrollTo: RefObject<((index: number) => void) | null>;
  /** `settled`: the grid is not scrolling just now */
  row: (index: number, settled: boolean) => ReactNode;
}

/**
 * The grid's body: only the rows in view (and a few around them) are drawn, spacer rows stand for
 * the rest. It alone redraws as the grid scrolls: the toolbar, header and statistics around it do not.
 */
export function VirtualRows({ count, rowHeight, scroller, maxHeight, overscan, scrollTo, row }: Props) {
  // the scroll box is the grid's: its ref is set after this component's first layout effect, where
  // the virtualizer looks for it; one render after mount lets it find the box and follow its scrolling
  const [, mounted] = useReducer(() => true, false);
  useEffect(() => mounted(), []);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 800, height: maxHeight },
  });
  scrollTo.current = (index) => virtual.scrollToIndex(index, { align: 'auto' });
  const items = virtual.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = items.length ? virtual.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <tbody>
      {top > 0 && <tr style={{ height: top }} aria-hidden />}
      {items.map((item) => row(item.index, !virtual.isScrolling))}
      {bottom > 0 && <tr style={{ height: bottom }} aria-hidden />}
    </tbody>
  );
}
