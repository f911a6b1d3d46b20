import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = path.resolve(import.meta.dirname, '../src/modules');

/**
 * The `new XRepository(` and `new XService(` in one file's source. A repository binding a copy of itself
 * to a transaction counts too: the transaction port (repositories.ts) hands services bound repositories.
 */
function constructions(source: string): string[] {
  return [...source.matchAll(/\bnew\s+(\w+(?:Repository|Service))\s*\(/g)].map((m) => m[1] as string);
}

/**
 * The services of other modules a module file names in its imports (`import type { XService } from
 * '../other/…'`): a chain of service calls between modules, where the rule is a shared repository or a
 * domain event.
 */
function otherModulesServices(source: string): string[] {
  return [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'\.\.\/([\w-]+)\//g)].flatMap((m) =>
    (m[1] as string)
      .split(',')
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .filter((name) => /^\w+Service$/.test(name))
      .map((name) => `${m[2] as string}/${name}`),
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(full);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

// Issue 26: compose.ts builds every repository and service once and hands each the narrow ports it uses.
describe('wiring', () => {
  it('no file of a module builds a repository or a service (compose.ts does)', () => {
    const found = sourceFiles(modulesDir).flatMap((file) => {
      const rel = path.relative(modulesDir, file);
      return constructions(fs.readFileSync(file, 'utf8')).map((name) => `${rel}: new ${name}(`);
    });
    expect(found).toEqual([]);
  });

  it('no file of a module names another module’s service: it reads a shared repository or hears an event', () => {
    const found = sourceFiles(modulesDir).flatMap((file) => {
      const rel = path.relative(modulesDir, file);
      return otherModulesServices(fs.readFileSync(file, 'utf8')).map((name) => `${rel}: ${name}`);
    });
    expect(found).toEqual([]);
  });

  it('finds another module’s service in imports, and not a type or a repository beside it', () => {
    const source = [
      "import type { AccountAuthService } from '../enterprise-account/account-auth.service.ts';",
      "import { type RunnerIdentity, RunnerRegistryService } from '../publish/runner-registry.service.ts';",
      "import type { EnterpriseAccountRepository } from '../enterprise-account/enterprise-account.repository.ts';",
      "import { LongPolls } from './long-poll.ts';",
    ].join('\n');
    expect(otherModulesServices(source)).toEqual([
      'enterprise-account/AccountAuthService',
      'publish/RunnerRegistryService',
    ]);
  });

  it('finds a repository or service built in a service or a repository, and nothing else', () => {
    const service =
      'export class AService {\n  repo = new ARepository(db);\n  b = new BService(deps);\n  m = new Map();\n}\n';
    expect(constructions(service)).toEqual(['ARepository', 'BService']);
    const repository = 'tx(w) { return this.db.transaction().execute((trx) => w(new ARepository(trx))); }\n';
    expect(constructions(repository)).toEqual(['ARepository']);
  });
});
