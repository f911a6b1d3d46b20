import { clipScriptDrafts, type ClipScriptDrafts, type TextContext } from '@vidmatrix/contract/api/clip-task';
import { Msg } from '@vidmatrix/contract/messages';
import { chatComplete, llmConfigFromEnv, unfence, type LlmConfig } from '../../../lib/chat-completion.ts';

/** Writes short-video narration scripts from product facts. */
export interface ScriptWriter {
  write(context: TextContext, count: number, signal?: AbortSignal): Promise<ClipScriptDrafts>;
}

/** The writer is not configured, or its answers could not be used; the message is user-facing. */
export class ScriptWriterError extends Error {
  constructor(
    message: string,
    readonly detail = '',
  ) {
    super(message);
  }
}

/** Connection settings of an OpenAI-compatible chat-completions service. */
export type WriterConfig = LlmConfig;

/** The writer's settings from LLM_BASE_URL, LLM_API_KEY and LLM_MODEL; null when any is missing. */
export const writerConfigFromEnv = llmConfigFromEnv;

const SYSTEM = [
  '你是短视频带货文案策划。根据用户给出的行业、产品、卖点和目标人群，写口播短视频文案。',
  '每篇文案 4 到 8 句，每句不超过 30 个字，口语化，开头一句抓住注意力，结尾一句引导行动。',
  '不同文案的开头、结构和说法要明显不同。',
  '只输出 JSON，格式为 {"scripts":[{"title":"标题","lines":["第一句","第二句"]}]}，不要输出其他内容。',
].join('\n');

function userPrompt(context: TextContext, count: number): string {
  return [
    `请写 ${count} 篇文案。`,
    context.industry && `行业：${context.industry}`,
    `产品：${context.product}`,
    context.sellingPoints.length > 0 && `卖点：${context.sellingPoints.join('；')}`,
    context.audience && `目标人群：${context.audience}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Any OpenAI-compatible chat-completions service (DeepSeek, Qwen, Doubao, Moonshot, Zhipu, Ollama):
 * asks for strict JSON, validates it with zod, and asks once more when the answer does not fit.
 */
export class OpenAiCompatibleWriter implements ScriptWriter {
  constructor(
    private readonly config: WriterConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async write(context: TextContext, count: number, signal?: AbortSignal): Promise<ClipScriptDrafts> {
    let detail = '';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const content = await this.complete(context, count, attempt === 0, signal);
      try {
        const parsed = clipScriptDrafts.safeParse(JSON.parse(unfence(content)));
        if (parsed.success) {
          return { scripts: parsed.data.scripts.slice(0, count) };
        }
        detail = parsed.error.message;
      } catch (error) {
        detail = error instanceof Error ? error.message : String(error);
      }
    }
    throw new ScriptWriterError(Msg.clipWriterFailed, detail);
  }

  private async complete(
    context: TextContext,
    count: number,
    jsonMode: boolean,
    signal?: AbortSignal,
  ): Promise<string> {
    let answer;
    try {
      answer = await chatComplete(
        this.config,
        {
          messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: userPrompt(context, count) },
          ],
          temperature: 0.9,
          jsonMode,
        },
        { signal, fetchImpl: this.fetchImpl },
      );
    } catch (error) {
      throw new ScriptWriterError(Msg.clipWriterFailed, error instanceof Error ? error.message : String(error));
    }
    if (!answer.ok) {
      if (jsonMode && answer.status === 400) {
        return '';
      }
      throw new ScriptWriterError(Msg.clipWriterFailed, `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
    return answer.content;
  }
}

/** The configured writer, or one that explains what to set. */
export function createScriptWriter(env: NodeJS.ProcessEnv = process.env): ScriptWriter {
  const config = writerConfigFromEnv(env);
  if (!config) {
    return {
      write: () =>
        Promise.reject(new ScriptWriterError(Msg.clipWriterNotConfigured, 'LLM_BASE_URL and LLM_MODEL are not set')),
    };
  }
  return new OpenAiCompatibleWriter(config);
}
