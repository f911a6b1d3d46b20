import { describe, expect, it } from 'vitest';
import { tablePagination } from './table-pagination.ts';

describe('tablePagination', () => {
  it('offers the §2.3 page sizes with the total, the size changer and the jumper', () => {
    const pagination = tablePagination();
    expect(pagination.pageSizeOptions).toEqual(['10', '20', '50', '100', '200', '500']);
    expect(pagination).toMatchObject({ showSizeChanger: true, showQuickJumper: true });
    expect(pagination.showTotal(42)).toBe('共 42 条');
  });

  it('appends the sizes a screen adds', () => {
    expect(tablePagination([800]).pageSizeOptions).toEqual(['10', '20', '50', '100', '200', '500', '800']);
  });
});
