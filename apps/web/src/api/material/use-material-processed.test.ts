import { describe, expect, it } from 'vitest';
import type { Material, MaterialList } from '@vidmatrix/contract/api/material';
import { withProcessed } from './use-material-processed.ts';

const material = (file_id: number): Material =>
  ({ file_id, file_type: 'video', thumb_url: '', duration: 0, process_status: 'pending' }) as Material;
const page: MaterialList = { list: [material(5), material(6)], count: 2 };

describe('withProcessed', () => {
  it('puts the poster and duration on that material only, done', () => {
    const next = withProcessed(page, {
      material_id: 6,
      status: 'done',
      thumb_url: '/storage/thumbs/6.jpg',
      duration: 4.2,
    });
    expect(next.list.map((m) => [m.thumb_url, m.duration, m.process_status])).toEqual([
      ['', 0, 'pending'],
      ['/storage/thumbs/6.jpg', 4.2, 'done'],
    ]);
    expect(page.list[1]?.process_status).toBe('pending');
  });
  it('leaves a page without that material as it is', () => {
    expect(withProcessed(page, { material_id: 9, status: 'done', thumb_url: '/t.jpg', duration: 1 })).toBe(page);
  });
});
