import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Material } from '@vidmatrix/contract/api/material';
import { MaterialCard, type MaterialCardProps } from './material-card.tsx';
import styles from './material.module.css';

const CARD_MIN_WIDTH = 200;
const ROW_HEIGHT = 308;
const GAP = 16;

interface MaterialGridProps extends Omit<MaterialCardProps, 'material' | 'checked'> {
  materials: Material[];
  selected: ReadonlySet<number>;
  height: number | string;
}

/**
 * The card grid, virtualized by rows (fixed height, nothing measured) so a page of 500 keeps the DOM
 * small; rows and cards are keyed by position, so new results reuse the mounted elements.
 */
export function MaterialGrid({ materials, selected, height, ...handlers }: MaterialGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
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
    <div ref={scroller} className={styles.grid} style={{ height }} data-testid="material-grid">
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
