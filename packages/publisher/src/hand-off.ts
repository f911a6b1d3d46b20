import type { Page } from 'playwright-core';
import type { ConnectorDefinition } from './connectors/definition.ts';
import { codeRefused } from './code-verdict.ts';
import { DeadlineError, firstOf, type Probe, withDeadline } from './deadline.ts';
import { formRoot, visible } from './flow.ts';
import type { NeedsActionKind, RunHooks, RunPhase } from './types.ts';

/** Hands a verification dialog to a person and types their answer; a wrong code is asked again (3 tries). */
export async function handOff(
  page: Page,
  def: ConnectorDefinition,
  kind: NeedsActionKind,
  hooks: RunHooks,
  enter: (phase: RunPhase) => Promise<void>,
): Promise<'answered' | 'timeout' | 'unanswered'> {
  await enter('needs_action');
  if (!hooks.onNeedsAction) {
    return 'unanswered';
  }
  const root = formRoot(page, def);
  const dialog = def.dialogs[kind];
  const ms = def.timeouts.needsAction;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const image = dialog.image
      ? ((await root
          .locator(dialog.image)
          .first()
          .getAttribute('src', { timeout: 5_000 })
          .catch(() => null)) ?? undefined)
      : undefined;
    const prompt = dialog.prompt
      ? ((await root
          .locator(dialog.prompt)
          .first()
          .textContent({ timeout: 5_000 })
          .catch(() => null)) ?? '')
      : '';
    const request = { kind, prompt: prompt.trim(), image, screenshot: await page.screenshot(), url: page.url() };
    const answer = await withDeadline('needs action', ms, hooks.onNeedsAction(request)).catch((err: unknown) => {
      if (err instanceof DeadlineError) {
        return undefined;
      }
      throw err;
    });
    if (!answer) {
      return 'timeout';
    }
    if (dialog.input) {
      await root
        .locator(dialog.input)
        .first()
        .fill(answer.code ?? '', { timeout: ms });
    }
    // An error left from the previous wrong code is not this answer's verdict.
    const wrong = dialog.error
      ? await codeRefused(root.locator(dialog.error).filter({ hasText: /\S/ }).first())
      : undefined;
    if (dialog.input) {
      await root
        .locator(dialog.confirm ?? '')
        .first()
        .click({ timeout: ms });
    }
    const shown = visible(root.locator(dialog.root));
    const signals: Record<string, Probe> = { done: async () => !(await shown()) };
    if (wrong) {
      signals.wrong = wrong;
    }
    const outcome = await firstOf('needs action answer', ms, signals).catch(() => 'timeout');
    if (outcome === 'done') {
      return 'answered';
    }
    if (outcome === 'timeout') {
      return 'timeout';
    }
  }
  return 'timeout';
}
