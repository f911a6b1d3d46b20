import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import type { ClipVoiceOption } from '@vidmatrix/contract/api/clip-voice';
import { Msg } from '@vidmatrix/contract/messages';
import { TtsError, type TtsProvider, type VoiceChoice } from './tts-provider.ts';
import { parseWav } from './wav.ts';

/** A Mandarin neural voice, the default when AZURE_TTS_VOICE is unset. */
export const AZURE_DEFAULT_VOICE = 'zh-CN-XiaoxiaoNeural';

/** The audio asked for: 16-bit mono PCM in a RIFF header, which the voice track is laid out in unconverted. */
export const AZURE_OUTPUT_FORMAT = 'riff-24khz-16bit-mono-pcm';
const OUTPUT_RATE = 24_000;

/** The synthesis path under the service's base URL. */
export const AZURE_TTS_PATH = '/cognitiveservices/v1';

/** Connection settings of Azure Speech text to speech. */
export interface AzureTtsConfig {
  /** The Speech resource key (Ocp-Apim-Subscription-Key). */
  key: string;
  /** Base URL: https://<region>.tts.speech.microsoft.com, or AZURE_TTS_ENDPOINT (Azure China, a proxy). */
  endpoint: string;
  /** A voice name such as zh-CN-XiaoxiaoNeural; its first two parts are the SSML language. */
  voice: string;
  /** One request's time limit, ms. */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a network error or a timed-out request. */
  retries?: number;
  /** The first back-off when the service sends no Retry-After, ms (doubled each retry). */
  backoffMs?: number;
  /** Waits between retries (tests record the delays instead of waiting them out). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  fetchImpl?: typeof fetch;
}

/** Region names are lower-case letters and digits (eastasia, chinaeast2); nothing else goes into a host name. */
const REGION = /^[a-z0-9]{2,40}$/;
/** Voice names: language-REGION-Name, some with a further part or a `:` style suffix. */
const VOICE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]+)+(:[A-Za-z0-9]+)?$/;

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 3;
const DEFAULT_BACKOFF_MS = 1_000;
/** A Retry-After longer than this is cut short: a render has its own time limit. */
const MAX_RETRY_AFTER_MS = 30_000;
/** How much of an error answer goes into the detail. */
const DETAIL_CHARS = 300;

/** A bad configuration stops the server at start, naming the variable (as config.ts does). */
function invalid(problem: string): Error {
  return new Error(`Invalid configuration: ${problem}`);
}

/**
 * Azure's settings from AZURE_TTS_KEY, AZURE_TTS_REGION (or AZURE_TTS_ENDPOINT) and AZURE_TTS_VOICE;
 * throws naming the variable that is missing or malformed.
 */
export function azureTtsConfigOf(env: NodeJS.ProcessEnv): AzureTtsConfig {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  const key = read('AZURE_TTS_KEY');
  const region = read('AZURE_TTS_REGION');
  const endpoint = read('AZURE_TTS_ENDPOINT');
  const voice = read('AZURE_TTS_VOICE') ?? AZURE_DEFAULT_VOICE;
  if (!key) {
    throw invalid('AZURE_TTS_KEY must be set when TTS_PROVIDER=azure (the Speech resource key)');
  }
  if (!endpoint && !region) {
    throw invalid('AZURE_TTS_REGION must be set when TTS_PROVIDER=azure (e.g. eastasia), or AZURE_TTS_ENDPOINT');
  }
  if (region && !REGION.test(region)) {
    throw invalid('AZURE_TTS_REGION must be a region name such as eastasia or chinaeast2');
  }
  if (!VOICE.test(voice)) {
    throw invalid('AZURE_TTS_VOICE must be a voice name such as zh-CN-XiaoxiaoNeural');
  }
  let base = `https://${region}.tts.speech.microsoft.com`;
  if (endpoint) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw invalid('AZURE_TTS_ENDPOINT must be an http(s) URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw invalid('AZURE_TTS_ENDPOINT must be an http(s) URL');
    }
    // The base URL, or the whole synthesis URL as the portal shows it: either works.
    base = url.href.replace(/\/+$/, '').replace(/\/cognitiveservices\/v1$/, '');
  }
  return { key, endpoint: base, voice };
}

/** Text as XML character data: the five special characters escaped, characters XML cannot hold dropped. */
export function xmlEscape(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what XML 1.0 refuses
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`)
  );
}

/** The SSML of one sentence in one voice at a speed (× normal; the language is the voice name's first two parts). */
export function azureSsml(text: string, voice: string, speed = 1): string {
  const lang = voice.split('-').slice(0, 2).join('-');
  const percent = Math.round((speed - 1) * 100);
  const said =
    percent === 0
      ? xmlEscape(text)
      : `<prosody rate="${percent > 0 ? '+' : ''}${percent}%">${xmlEscape(text)}</prosody>`;
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${xmlEscape(lang)}">` +
    `<voice name="${xmlEscape(voice)}">${said}</voice></speak>`
  );
}

/** The voices list path under the service's base URL. */
export const AZURE_VOICES_PATH = '/cognitiveservices/voices/list';
/** The voice list is asked again after this long, ms (voices are added rarely). */
const VOICES_TTL_MS = 60 * 60_000;

/** Chinese names of the Chinese locales Azure speaks. */
const LOCALE_NAMES: Record<string, string> = {
  'zh-CN': '普通话',
  'zh-TW': '台湾普通话',
  'zh-HK': '粤语（香港）',
  'yue-CN': '粤语',
  'wuu-CN': '吴语',
  'zh-CN-liaoning': '东北话',
  'zh-CN-sichuan': '四川话',
  'zh-CN-shaanxi': '陕西话',
  'zh-CN-henan': '河南话',
  'zh-CN-shandong': '山东话',
  'zh-CN-guangxi': '广西普通话',
};

/** One entry of Azure's voices/list answer (the fields used). */
interface AzureVoiceEntry {
  ShortName?: unknown;
  LocalName?: unknown;
  Gender?: unknown;
  Locale?: unknown;
}

/** Azure's voice list as getVoices offers it: the Chinese voices only, named in Chinese. */
export function azureVoiceOptions(entries: readonly AzureVoiceEntry[]): ClipVoiceOption[] {
  const out: ClipVoiceOption[] = [];
  for (const e of entries) {
    const [id, locale] = [e.ShortName, e.Locale];
    if (typeof id !== 'string' || typeof locale !== 'string' || !VOICE.test(id) || !/^(zh|yue|wuu)-/.test(locale)) {
      continue;
    }
    const gender = e.Gender === 'Female' ? 'female' : e.Gender === 'Male' ? 'male' : 'unknown';
    const label = typeof e.LocalName === 'string' && e.LocalName ? e.LocalName : id;
    const sex = { female: '女声', male: '男声', unknown: '' }[gender];
    const where = LOCALE_NAMES[locale] ?? locale;
    out.push({ id, name: `${label}（${sex ? `${sex}，` : ''}${where}）`, gender, robotic: false });
  }
  return out;
}

/** Retry-After in ms: delta seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') {
    return null;
  }
  const value = header.trim();
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : null;
}

function abortable(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Status codes worth another try: throttled, or the service's own trouble. */
function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Azure Speech's text-to-speech REST API: one POST of SSML per sentence, answered with a PCM WAV whose
 * length sets the sentence's subtitle. Throttling and the service's errors are retried with back-off
 * (Retry-After honoured); a refused key or request fails at once with a message a member can read.
 */
export class AzureTts implements TtsProvider {
  readonly robotic = false;
  readonly name: string;
  private readonly url: string;

  constructor(private readonly config: AzureTtsConfig) {
    this.name = `azure (${config.voice})`;
    this.url = `${config.endpoint}${AZURE_TTS_PATH}`;
  }

  private voiceList: { at: number; list: Promise<ClipVoiceOption[]> } | null = null;

  /** The service's Chinese voices (asked at most hourly), the configured one first. */
  voices(): Promise<ClipVoiceOption[]> {
    const now = Date.now();
    if (!this.voiceList || now - this.voiceList.at > VOICES_TTL_MS) {
      const list = this.listVoices();
      this.voiceList = { at: now, list };
      list.catch(() => {
        this.voiceList = null;
      });
    }
    return this.voiceList.list;
  }

  private async listVoices(): Promise<ClipVoiceOption[]> {
    const fetchImpl = this.config.fetchImpl ?? fetch;
    let response: Response;
    try {
      response = await fetchImpl(`${this.config.endpoint}${AZURE_VOICES_PATH}`, {
        headers: { 'Ocp-Apim-Subscription-Key': this.config.key, 'User-Agent': 'vidmatrix' },
        signal: AbortSignal.timeout(this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TtsError(Msg.clipVoiceFailed, `Azure voices/list failed: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const detail = `Azure voices/list HTTP ${response.status}`;
      throw new TtsError(
        response.status === 401 || response.status === 403 ? Msg.clipVoiceAuthFailed : Msg.clipVoiceFailed,
        detail,
      );
    }
    const body: unknown = await response.json().catch(() => null);
    const list = azureVoiceOptions(Array.isArray(body) ? (body as AzureVoiceEntry[]) : []);
    const configured = list.find((v) => v.id === this.config.voice) ?? {
      id: this.config.voice,
      name: this.config.voice,
      gender: 'unknown' as const,
      robotic: false,
    };
    return [configured, ...list.filter((v) => v.id !== configured.id)];
  }

  async synthesize(text: string, outPath: string, signal?: AbortSignal, choice?: VoiceChoice): Promise<void> {
    const voice = choice?.voice ?? this.config.voice;
    if (!VOICE.test(voice)) {
      throw new TtsError(Msg.clipVoiceUnknown, `not an Azure voice name: ${voice}`, true);
    }
    const audio = await this.request(azureSsml(text, voice, choice?.speed ?? 1), signal);
    let wav;
    try {
      wav = parseWav(audio);
    } catch (error) {
      throw new TtsError(Msg.clipVoiceFailed, `Azure TTS answered no PCM WAV: ${(error as Error).message}`);
    }
    if (wav.sampleRate !== OUTPUT_RATE || wav.channels !== 1 || wav.bitsPerSample !== 16 || wav.data.length === 0) {
      throw new TtsError(
        Msg.clipVoiceFailed,
        `Azure TTS answered ${wav.sampleRate} Hz, ${wav.channels} ch, ${wav.bitsPerSample} bit, ${wav.data.length} bytes; asked ${AZURE_OUTPUT_FORMAT}`,
      );
    }
    // Sentence files are cached by name: a half-written one must never sit under it.
    const temp = `${outPath}.${randomBytes(4).toString('hex')}.part`;
    try {
      await writeFile(temp, audio);
      await rename(temp, outPath);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** The POST of an SSML body, retried on throttling and server errors; resolves to the answer's bytes. */
  private async request(body: string, signal?: AbortSignal): Promise<Buffer> {
    const retries = this.config.retries ?? DEFAULT_RETRIES;
    const sleep = this.config.sleep ?? abortable;
    const fetchImpl = this.config.fetchImpl ?? fetch;
    let detail = '';
    for (let attempt = 0; ; attempt += 1) {
      signal?.throwIfAborted();
      const timeout = AbortSignal.timeout(this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      let wait: number | null = null;
      try {
        const response = await fetchImpl(this.url, {
          method: 'POST',
          headers: {
            'Ocp-Apim-Subscription-Key': this.config.key,
            'Content-Type': 'application/ssml+xml',
            'X-Microsoft-OutputFormat': AZURE_OUTPUT_FORMAT,
            'User-Agent': 'vidmatrix',
          },
          body,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        if (response.ok) {
          return Buffer.from(await response.arrayBuffer());
        }
        const answer = (await response.text().catch(() => '')).slice(0, DETAIL_CHARS);
        detail = `Azure TTS HTTP ${response.status}${answer ? `: ${answer}` : ''}`;
        if (response.status === 401 || response.status === 403) {
          throw new TtsError(Msg.clipVoiceAuthFailed, detail, true);
        }
        if (!retryable(response.status)) {
          throw new TtsError(Msg.clipVoiceRejected, detail, true);
        }
        wait = retryAfterMs(response.headers.get('retry-after'));
      } catch (error) {
        // The caller's cancel ends it; the per-request timeout and network errors are tried again.
        if (error instanceof TtsError || signal?.aborted) {
          throw error;
        }
        // fetch says only "fetch failed"; the cause names the network error (ECONNREFUSED, ENOTFOUND…).
        const cause = (error as Error).cause;
        const why = cause instanceof Error ? `${(error as Error).message}: ${cause.message}` : (error as Error).message;
        detail = `Azure TTS request failed: ${timeout.aborted ? 'timed out' : why}`;
      }
      if (attempt >= retries) {
        throw new TtsError(Msg.clipVoiceFailed, detail);
      }
      await sleep(wait ?? (this.config.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** attempt, signal);
    }
  }
}
