import { developerWordsIn } from '@vidmatrix/contract/rules/member-words';
import { describe, expect, it } from 'vitest';
import { seedDocuments } from './content-seed.ts';

describe('the seeded public content', () => {
  it('speaks to members: no command, variable or developer format in any title, body or summary', () => {
    const found = seedDocuments(Date.UTC(2026, 10, 28)).flatMap((doc) =>
      developerWordsIn(`${doc.title}\n${doc.body}\n${JSON.stringify(doc.meta)}`).map(
        (word) => `${doc.kind}/${doc.slug}: ${word}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
