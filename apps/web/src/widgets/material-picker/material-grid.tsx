import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Material } from '@vidmatrix/contract/api/material';
import { MaterialCard, type MaterialCardProps } from './material-card.tsx';
import styles from './material.module.css';

const CARD_MIN_WIDTH = 200;
const ROW_HEIGHT = 308;
const GAP = 16;
/** The least a filling grid keeps, px: most of a row of cards on a window shorter than 768 px. */
const FILL_MIN_PX = 240;

/**
 * The grid's height: fixed (px or a CSS length), or filling the window down to `below` px above its
 * bottom (what follows the grid: pager, paddings, the status bar), wherever the toolbars above end.
 */
export type GridHeight = number | string | { below: number };

/** The height a grid filling the window from its own top needs; `undefined` for a fixed height. */
function useFillHeight(element: HTMLElement | null, height: GridHeight): number | undefined {
  const below = typeof height === 'object' ? height.below : null;
  const [fill, setFill] = useState<number>();
  useLayoutEffect(() => {
    if (below === null || !element) {
      return undefined;
    }
    // The toolbars above wrap onto more rows on a narrow window: measure where the grid starts.
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setFill(Math.max(FILL_MIN_PX, Math.floor(window.innerHeight - top - below)));
    };
    measure();
    // What sits above the grid grows inside its parent (a tip, the selection count): the parent grows too.
    const observer = new ResizeObserver(measure);
    observer.observe(element.parentElement ?? document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element, below]);
  return below === null ? undefined : fill;
}

interface MaterialGridProps extends Omit<MaterialCardProps, 'material' | 'checked'> {
  materials: Material[];
  selected: ReadonlySet<number>;
  height: GridHeight;
}

/**
 * The card grid, virtualized by rows (fixed height, nothing measured) so a page of 500 keeps the DOM
 * small; rows and cards are keyed by position, so new results reuse the mounted elements.
 */
export function MaterialGrid({ materials, selected, height, ...handlers }: MaterialGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const fill = useFillHeight(element, height);
  const [columns, setColumns] = useState(4);
  useEffect(() => {
    const element = scroller.current;
    if (!element) {
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      setColumns(Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP))));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(materials.length / columns);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is the chosen virtualizer.
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 1,
  });
  return (
    <div
      ref={(node) => {
        scroller.current = node;
        setElement(node);
      }}
      className={styles.grid}
      style={{ height: typeof height === 'object' ? (fill ?? FILL_MIN_PX) : height }}
      data-testid="material-grid"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            className={styles.row}
            style={{ top: row.start, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {materials.slice(row.index * columns, row.index * columns + columns).map((material, slot) => (
              // Keyed by slot, not by material: a filter change updates the mounted cards in place
              // instead of unmounting every visible card and mounting new ones.
              <MaterialCard key={slot} material={material} checked={selected.has(material.file_id)} {...handlers} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
