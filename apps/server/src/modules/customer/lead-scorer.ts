import { checkLeadContact, scoreLead, type LeadContact, type LeadScore } from '@vidmatrix/contract/rules/lead-rules';
import { LEAD_MODEL_BATCH, type LeadModel, type ModelVerdict } from './lead-model.ts';

/** A score and what made it: the model, or the rules (no model, or the model failed on it). */
export interface ScoredText extends LeadScore {
  by: 'rules' | 'model';
}

/** Model requests in flight at once for one call of `score`. */
const MODEL_CONCURRENCY = 2;

/**
 * Scores comments and messages: by the offline rules, or by the model when one is configured, the rules
 * standing in for every text the model gave no usable verdict on (errors, timeouts, bad JSON).
 */
export class LeadScorer {
  constructor(
    private readonly model: LeadModel | null,
    private readonly onModelError: (error: unknown) => void = () => undefined,
  ) {}

  /** Whether a model reads the texts (else the rules alone). */
  get usesModel(): boolean {
    return this.model !== null;
  }

  /** One score per text, in order; each distinct text is read once (a page repeats 多少钱, 求链接 from many people). */
  async score(texts: readonly string[]): Promise<ScoredText[]> {
    const distinct = [...new Set(texts)];
    if (distinct.length === texts.length) {
      return this.scoreDistinct(texts);
    }
    const scored = await this.scoreDistinct(distinct);
    const byText = new Map(distinct.map((text, index) => [text, scored[index]]));
    return texts.map((text) => byText.get(text) as ScoredText);
  }

  private async scoreDistinct(texts: readonly string[]): Promise<ScoredText[]> {
    const rules = texts.map((text) => scoreLead(text));
    if (!this.model || texts.length === 0) {
      return rules.map((score) => ({ ...score, by: 'rules' }));
    }
    const verdicts = await this.verdicts(this.model, texts);
    return rules.map((score, index) => {
      const verdict = verdicts[index];
      return verdict ? merge(texts[index] ?? '', score, verdict) : { ...score, by: 'rules' };
    });
  }

  private async verdicts(model: LeadModel, texts: readonly string[]): Promise<(ModelVerdict | null)[]> {
    const out: (ModelVerdict | null)[] = Array.from({ length: texts.length }, () => null);
    const starts = Array.from({ length: Math.ceil(texts.length / LEAD_MODEL_BATCH) }, (_, i) => i * LEAD_MODEL_BATCH);
    const work = async () => {
      for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
        const batch = texts.slice(start, start + LEAD_MODEL_BATCH);
        try {
          (await model.classify(batch)).forEach((verdict, i) => {
            out[start + i] = verdict;
          });
        } catch (error) {
          this.onModelError(error);
        }
      }
    };
    await Promise.all(Array.from({ length: MODEL_CONCURRENCY }, work));
    return out;
  }
}

/**
 * The model's intent, with the contacts of both: the rules' (exact by construction) and the model's that
 * really are written in the text (it may see a disguise the rules miss; it may also invent one).
 */
function merge(text: string, rules: LeadScore, verdict: ModelVerdict): ScoredText {
  const contacts: LeadContact[] = [...rules.contacts];
  for (const said of verdict.contacts) {
    const checked = checkLeadContact(text, said);
    if (checked && !contacts.some((c) => c.kind === checked.kind && c.value === checked.value)) {
      contacts.push(checked);
    }
  }
  return {
    level: verdict.level,
    category: verdict.category,
    contacts,
    flagged: rules.flagged,
    reason: '',
    by: 'model',
  };
}
