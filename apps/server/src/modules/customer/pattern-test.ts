import vm from 'node:vm';
import type { PatternTest } from '@vidmatrix/contract/rules/reply-pattern';

/**
 * Runs members' reply-rule patterns with a time bound: a pattern that backtracks past `timeoutMs` on a
 * text (shapes like `.*.*x` that no save-time check refuses) counts as no match instead of holding the
 * ingest request, and `onTimeout` hears of it. V8 stops a regex run when a vm script's time is up.
 */
export function boundedPatternTest(timeoutMs: number, onTimeout?: (pattern: string) => void): PatternTest {
  const context = vm.createContext(Object.create(null) as object);
  const script = new vm.Script('re.test(text)');
  return (re, text) => {
    Object.assign(context, { re, text });
    try {
      return script.runInContext(context, { timeout: timeoutMs }) === true;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        onTimeout?.(re.source);
        return false;
      }
      throw err;
    } finally {
      Object.assign(context, { re: undefined, text: undefined });
    }
  };
}
