// Import circles inside one source folder, type-only imports included: a circle makes two files one
// unit that can only be read, tested and moved together (issue 26). Relative imports only; packages
// are other folders.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;

/** Every source file under `dir`, tests and declaration files left out. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !/\.(test|spec)\.|\.d\.ts$/.test(e.name))
    .map((e) => path.resolve(e.parentPath, e.name));
}

/** The files `file` imports or re-exports by a relative path that exists. */
function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name))
    .filter((target) => fs.existsSync(target));
}

/** Each circle of imports among the files under `dir`, as repo-relative paths (Tarjan's SCCs of size > 1). */
export function importCycles(dir: string): string[][] {
  const files = sourceFiles(dir);
  const edges = new Map(files.map((file) => [file, relativeImports(file)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;

  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!edges.has(target)) {
        continue;
      }
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = (edges.get(file) ?? []).includes(file);
      if (component.length > 1 || selfImport) {
        cycles.push(component.sort());
      }
    }
  };
  for (const file of files) {
    if (!index.has(file)) {
      visit(file);
    }
  }
  return cycles;
}
