import { describe, expect, it } from 'vitest';
import { optionRows } from './remote-select.tsx';

describe('optionRows', () => {
  it('reads data.records, else data, else nothing', () => {
    expect(optionRows({ records: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(optionRows([{ a: 2 }])).toEqual([{ a: 2 }]);
    expect(optionRows(null)).toEqual([]);
    expect(optionRows({ list: [] })).toEqual([]);
  });
});
