import { startLlmImitation, type LlmImitation } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadModel, OpenAiLeadModel } from './lead-model.ts';
import { LeadScorer } from './lead-scorer.ts';

// The model is reached through the local imitation of an OpenAI-compatible chat-completions service.
let llm: LlmImitation;
let model: OpenAiLeadModel;

beforeAll(async () => {
  llm = await startLlmImitation();
  model = new OpenAiLeadModel({ baseUrl: llm.baseUrl, apiKey: 'sk-lead', model: 'imitation', timeoutMs: 1_000 });
});

afterAll(async () => {
  await llm.close();
});

/** The texts a request carried (the user message is the JSON list). */
function textsOf(request: unknown): string[] {
  const body = request as { messages: { role: string; content: string }[] };
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '[]';
  return (JSON.parse(user) as { i: number; text: string }[]).map((m) => m.text);
}

const answer = (results: unknown[]) => JSON.stringify({ results });

describe('the lead model', () => {
  it('asks for JSON about the texts, sent as data, and reads the verdicts back by index', async () => {
    llm.enqueue({
      content: answer([
        { i: 2, intent: 'none', category: 'chitchat', contacts: [] },
        { i: 1, intent: 'high', category: 'purchase', contacts: [{ kind: 'wechat', value: 'Rain_Bow22' }] },
      ]),
    });
    const verdicts = await model.classify(['薇 xin：Rain_Bow22 想要', '好看']);
    expect(verdicts).toEqual([
      { level: 'high', category: 'purchase', contacts: [{ kind: 'wechat', value: 'Rain_Bow22' }] },
      { level: 'none', category: 'chitchat', contacts: [] },
    ]);
    const request = llm.requests.at(-1) as { model: string; response_format?: unknown };
    expect(request.model).toBe('imitation');
    expect(request.response_format).toEqual({ type: 'json_object' });
    expect(textsOf(request)).toEqual(['薇 xin：Rain_Bow22 想要', '好看']);
  });

  it('gives no verdict for an answer that is not the JSON asked for, and throws on HTTP errors', async () => {
    llm.enqueue(
      { content: '好的，第一条是高意向' },
      {
        content: answer([
          { i: 1, intent: 'maybe' },
          { i: 9, intent: 'high' },
        ]),
      },
    );
    expect(await model.classify(['多少钱'])).toEqual([null]);
    expect(await model.classify(['多少钱'])).toEqual([null]);
    llm.enqueue({ status: 500 });
    await expect(model.classify(['多少钱'])).rejects.toThrow('HTTP 500');
  });

  it('asks again without response_format when the service refuses it', async () => {
    llm.enqueue({ status: 400 }, { content: answer([{ i: 1, intent: 'medium' }]) });
    const before = llm.requests.length;
    expect(await model.classify(['能用吗'])).toEqual([{ level: 'medium', category: '', contacts: [] }]);
    expect((llm.requests[before + 1] as { response_format?: unknown }).response_format).toBeUndefined();
  });

  it('is built from the LLM_* settings, unless turned off for leads', () => {
    expect(createLeadModel({})).toBeNull();
    expect(createLeadModel({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'm' })).toBeInstanceOf(OpenAiLeadModel);
    expect(createLeadModel({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'm', LLM_LEADS: 'off' })).toBeNull();
  });
});

describe('LeadScorer', () => {
  it('takes the model intent, with contacts of both that are really written in the text', async () => {
    const errors: unknown[] = [];
    const scorer = new LeadScorer(model, (e) => errors.push(e));
    llm.enqueue({
      content: answer([
        {
          i: 1,
          intent: 'high',
          category: 'purchase',
          contacts: [
            { kind: 'wechat', value: 'rainbow_2022' },
            // Not in the text: a model's invention never becomes a contact.
            { kind: 'phone', value: '13900001111' },
          ],
        },
      ]),
    });
    const [scored] = await scorer.score(['电话 138 1234 5678，也可以加薇 xin：rainbow_2022']);
    expect(scored).toMatchObject({
      by: 'model',
      level: 'high',
      category: 'purchase',
      contacts: [
        { kind: 'phone', value: '13812345678' },
        { kind: 'wechat', value: 'rainbow_2022' },
      ],
    });
    expect(errors).toEqual([]);
  });

  it('falls back to the rules on errors, timeouts and unusable answers, per batch', async () => {
    const errors: unknown[] = [];
    const scorer = new LeadScorer(model, (e) => errors.push(e));
    const texts = Array.from({ length: 25 }, (_, i) => (i === 0 ? '多少钱' : `好看${i}`));
    // Two requests (20 + 5 texts), in flight together, in either order: the 20 outlast the timeout.
    const reply = {
      delayMs: (body: Parameters<typeof textsOf>[0]) => (textsOf(body).length === 20 ? 3_000 : 0),
      content: (body: Parameters<typeof textsOf>[0]) =>
        answer(textsOf(body).map((_, i) => ({ i: i + 1, intent: 'medium', category: 'inquiry' }))),
    };
    llm.enqueue(reply, reply);
    const scored = await scorer.score(texts);
    expect(scored[0]).toMatchObject({ by: 'rules', level: 'high', category: 'purchase' });
    expect(scored.slice(1, 20).every((s) => s.by === 'rules')).toBe(true);
    expect(scored.slice(20).every((s) => s.by === 'model' && s.level === 'medium')).toBe(true);
    expect(errors).toHaveLength(1);

    llm.enqueue({ content: 'not json' });
    expect(await scorer.score(['加我薇 1 3 8 1 2 3 4 5 6 7 8'])).toEqual([
      expect.objectContaining({ by: 'rules', contacts: [{ kind: 'phone', value: '13812345678' }] }),
    ]);
  });

  it('reads each distinct text once, and answers every text in order', async () => {
    const scorer = new LeadScorer(model);
    llm.enqueue({
      content: answer([
        { i: 1, intent: 'high', category: 'purchase' },
        { i: 2, intent: 'none', category: 'chitchat' },
      ]),
    });
    const scored = await scorer.score(['多少钱', '好看', '多少钱', '多少钱']);
    expect(textsOf(llm.requests.at(-1))).toEqual(['多少钱', '好看']);
    expect(scored.map((s) => [s.by, s.level])).toEqual([
      ['model', 'high'],
      ['model', 'none'],
      ['model', 'high'],
      ['model', 'high'],
    ]);
  });

  it('scores by the rules alone without a model', async () => {
    const before = llm.requests.length;
    const [scored] = await new LeadScorer(null).score(['怎么买？']);
    expect(scored).toMatchObject({ by: 'rules', level: 'high' });
    expect(llm.requests.length).toBe(before);
  });
});
