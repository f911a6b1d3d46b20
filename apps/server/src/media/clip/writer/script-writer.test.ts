import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptWriter, OpenAiCompatibleWriter, ScriptWriterError, writerConfigFromEnv } from './script-writer.ts';

// A local imitation of an OpenAI-compatible chat-completions service: it answers from a queue.
let server: Server;
let baseUrl = '';
const answers: { status: number; content: string }[] = [];
const requests: {
  auth: string | undefined;
  body: { model: string; response_format?: unknown; messages: { content: string }[] };
}[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(body) as (typeof requests)[number]['body'] });
      const next = answers.shift() ?? { status: 500, content: '' };
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(
        next.status === 200
          ? JSON.stringify({ choices: [{ message: { role: 'assistant', content: next.content } }] })
          : '{"error":"bad"}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const context = { industry: '餐饮', product: '手冲咖啡', sellingPoints: ['现磨', '九块九'], audience: '' };
const good = JSON.stringify({
  scripts: [
    { title: '早安', lines: ['早上好。', '来一杯现磨咖啡。'] },
    { title: '午后', lines: ['下午犯困？'] },
  ],
});

describe('OpenAI-compatible script writer', () => {
  it('asks for JSON with the key and model, and returns validated scripts', async () => {
    requests.length = 0;
    answers.push({ status: 200, content: good });
    const writer = new OpenAiCompatibleWriter({ baseUrl, apiKey: 'sk-test', model: 'deepseek-chat' });
    const drafts = await writer.write(context, 2);
    expect(drafts.scripts.map((s) => s.lines.length)).toEqual([2, 1]);
    expect(requests[0]?.auth).toBe('Bearer sk-test');
    expect(requests[0]?.body.model).toBe('deepseek-chat');
    expect(requests[0]?.body.response_format).toEqual({ type: 'json_object' });
    expect(requests[0]?.body.messages[1]?.content).toContain('手冲咖啡');
  });

  it('asks once more when the answer is not the JSON asked for (fenced answers are accepted)', async () => {
    requests.length = 0;
    answers.push(
      { status: 200, content: '好的，以下是文案：早上好' },
      { status: 200, content: `\`\`\`json\n${good}\n\`\`\`` },
    );
    const drafts = await new OpenAiCompatibleWriter({ baseUrl, apiKey: '', model: 'qwen' }).write(context, 1);
    expect(drafts.scripts).toHaveLength(1);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.auth).toBeUndefined();
    // The retry leaves response_format out, for services that do not know it.
    expect(requests[1]?.body.response_format).toBeUndefined();
  });

  it('fails with the catalogue message when both answers are unusable', async () => {
    answers.push({ status: 200, content: '{"scripts":[]}' }, { status: 200, content: '{"scripts":[{"lines":[""]}]}' });
    await expect(new OpenAiCompatibleWriter({ baseUrl, apiKey: 'k', model: 'm' }).write(context, 1)).rejects.toThrow(
      '文案生成失败',
    );
    answers.push({ status: 500, content: '' });
    await expect(new OpenAiCompatibleWriter({ baseUrl, apiKey: 'k', model: 'm' }).write(context, 1)).rejects.toThrow(
      '文案生成失败',
    );
  });

  it('without LLM_BASE_URL and LLM_MODEL, tells the member to ask for it and the operator what to set', async () => {
    expect(writerConfigFromEnv({})).toBeNull();
    expect(writerConfigFromEnv({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'llama3' })).toEqual({
      baseUrl,
      apiKey: '',
      model: 'llama3',
    });
    const refused = await createScriptWriter({})
      .write(context, 1)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ScriptWriterError);
    expect((refused as ScriptWriterError).message).toBe(Msg.clipWriterNotConfigured);
    expect((refused as ScriptWriterError).detail).toContain('LLM_BASE_URL');
  });
});
