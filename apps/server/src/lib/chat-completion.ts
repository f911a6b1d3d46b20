/** Connection settings of an OpenAI-compatible chat-completions service (DeepSeek, Qwen, Doubao, Ollama …). */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

/** The settings from LLM_BASE_URL, LLM_API_KEY and LLM_MODEL; null when the URL or the model is missing. */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  const { LLM_BASE_URL: baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: model } = env;
  // A local Ollama needs no key; the base URL and model are what make it configured.
  return baseUrl && model ? { baseUrl, apiKey: apiKey ?? '', model } : null;
}

/** One chat-completions request: the messages, and whether to ask for a JSON object. */
export interface ChatRequest {
  messages: { role: 'system' | 'user'; content: string }[];
  temperature: number;
  jsonMode: boolean;
}

/** What the service answered: the HTTP status, the first choice's text ('' when none) and the raw body. */
export interface ChatAnswer {
  ok: boolean;
  status: number;
  content: string;
  body: string;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * POSTs `{baseUrl}/chat/completions` with the key as a bearer token, within the config's timeout (and
 * `signal`). Network errors and timeouts throw; any HTTP answer resolves.
 */
export async function chatComplete(
  config: LlmConfig,
  request: ChatRequest,
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<ChatAnswer> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeout = AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const response = await (options.fetchImpl ?? fetch)(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      messages: request.messages,
      temperature: request.temperature,
      // Not every compatible service knows response_format: callers retry without it.
      ...(request.jsonMode ? { response_format: { type: 'json_object' } } : {}),
    }),
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  });
  const body = await response.text();
  let content = '';
  if (response.ok) {
    try {
      const data = JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] };
      const first = data.choices?.[0]?.message?.content;
      content = typeof first === 'string' ? first : '';
    } catch {
      content = '';
    }
  }
  return { ok: response.ok, status: response.status, content, body };
}

/** Models sometimes wrap JSON in a Markdown fence despite being told not to. */
export function unfence(text: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  return (fenced?.[1] ?? text).trim();
}
