import type { ClipScriptDrafts } from '@vidmatrix/contract/api/clip-task';

/** Sentences that end without a mark get a 。 so that, joined, they still read (and are voiced) as sentences. */
const SENTENCE_END = /[。！？!?；;…]$/;

/** One written script as one narration (a row of 批量混剪's lines, a 一键成片 narration). */
export function narrationOf(lines: readonly string[]): string {
  return lines.map((line) => (SENTENCE_END.test(line) ? line : `${line}。`)).join('');
}

/**
 * 分组混剪: written scripts spread over `groups` groups in order, as each group's lines (one per row):
 * sentence i of each script goes to group i, the last group takes the rest; null where no script reaches.
 */
export function linesPerGroup(groups: number, drafts: ClipScriptDrafts): (string | null)[] {
  return Array.from({ length: groups }, (_, index) => {
    const end = index === groups - 1 ? undefined : index + 1;
    const written = drafts.scripts.flatMap((s) => s.lines.slice(index, end));
    return written.length > 0 ? written.join('\n') : null;
  });
}
