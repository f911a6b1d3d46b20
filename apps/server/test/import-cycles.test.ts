import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

// Issue 26: a circle makes its files one unit that can only be read, tested and moved together. Type-only
// imports count: they tie the files as much for a reader.
describe('imports', () => {
  it.each(['apps/server/src', 'apps/web/src'])('%s has no import circle', (dir) => {
    const cycles = importCycles(path.join(repoRoot, dir)).map((files) => files.map((f) => path.relative(repoRoot, f)));
    expect(cycles).toEqual([]);
  });

  it('finds a circle made of type-only imports, and not a file that only imports', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport type A = { b?: B };\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.ts';\nexport type B = { a?: A };\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { A } from './a.ts';\nexport type C = A;\n");
      expect(importCycles(dir)).toEqual([[path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
