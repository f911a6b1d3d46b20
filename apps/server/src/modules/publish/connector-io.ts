import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { DefinitionsRefused, type ConnectorService } from './connector.service.ts';

/**
 * `npm run admin -- connectors import <file.json>`: the file checked field by field and stored as the
 * current version; the line to print. Throws DefinitionsRefused naming each field that is wrong.
 */
export async function importConnectorFile(path: string, connectors: ConnectorService): Promise<string> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    throw new DefinitionsRefused([
      `(file): cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  });
  const { version, platforms } = await connectors.importDefinitions(text, basename(path));
  return `Imported connector definitions version ${version} (${platforms.join(', ')}); runners take them at their next claim.`;
}

/** `connectors export <file.json>`: the current definitions, or the built-in ones, to edit; the line to print. */
export async function exportConnectorFile(
  path: string,
  connectors: ConnectorService,
  builtIn: () => Promise<object>,
): Promise<string> {
  const current = await connectors.current();
  await writeFile(path, `${JSON.stringify(current.definitions ?? (await builtIn()), null, 2)}\n`);
  if (current.definitions) {
    return `Wrote connector definitions version ${current.version} (from ${current.source}) to ${path}.`;
  }
  return current.version > 0
    ? `Version ${current.version} no longer fits this server's schema: wrote the built-in ones to ${path}.`
    : `No definitions imported yet: wrote the built-in ones to ${path}.`;
}
