import type { LeadExample } from './lead-examples.ts';
import { isBuyingIntent, type LeadScore } from './lead-rules.ts';

/** Precision and recall of one decision over the labelled examples. */
export interface Measure {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

/** How a scorer does on the labelled examples, and where it went wrong. */
export interface LeadEvaluation {
  examples: number;
  /** Buying intent (level medium or high) found or missed. */
  intent: Measure;
  /** Contacts (kind and value) found or missed. */
  contacts: Measure;
  /** Share of examples whose exact level matched. */
  levelAccuracy: number;
  misses: { text: string; expected: string; got: string }[];
}

function measure(tp: number, fp: number, fn: number): Measure {
  return {
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    // No positives called: nothing was wrongly called either.
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
  };
}

/** Runs `score` over `examples` and counts what it got right. */
export function evaluateLeadScorer(
  examples: readonly LeadExample[],
  score: (text: string) => Pick<LeadScore, 'level' | 'contacts'>,
): LeadEvaluation {
  let intentTp = 0;
  let intentFp = 0;
  let intentFn = 0;
  let contactTp = 0;
  let contactFp = 0;
  let contactFn = 0;
  let levelHits = 0;
  const misses: LeadEvaluation['misses'] = [];
  for (const example of examples) {
    const got = score(example.text);
    const expected = isBuyingIntent(example.intent);
    const called = isBuyingIntent(got.level);
    intentTp += Number(expected && called);
    intentFp += Number(!expected && called);
    intentFn += Number(expected && !called);
    levelHits += Number(got.level === example.intent);
    const want = new Set(example.contacts.map((c) => `${c.kind}:${c.value}`));
    const have = new Set(got.contacts.map((c) => `${c.kind}:${c.value}`));
    const found = [...have].filter((c) => want.has(c)).length;
    contactTp += found;
    contactFp += have.size - found;
    contactFn += want.size - found;
    if (expected !== called || found !== want.size || found !== have.size) {
      misses.push({
        text: example.text,
        expected: `${example.intent} ${[...want].join(' ')}`.trim(),
        got: `${got.level} ${[...have].join(' ')}`.trim(),
      });
    }
  }
  return {
    examples: examples.length,
    intent: measure(intentTp, intentFp, intentFn),
    contacts: measure(contactTp, contactFp, contactFn),
    levelAccuracy: examples.length === 0 ? 1 : levelHits / examples.length,
    misses,
  };
}
