import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local imitation of Azure Speech's text-to-speech REST API (POST /cognitiveservices/v1), for tests
// only: it checks what the real service checks (key, SSML content type, output format, user agent),
// reads the SSML, and answers a real RIFF PCM WAV (a tone) whose length grows with the text.

/** The output formats it speaks: the RIFF PCM ones (rate in Hz). */
const FORMATS: Record<string, number> = {
  'riff-8khz-16bit-mono-pcm': 8_000,
  'riff-16khz-16bit-mono-pcm': 16_000,
  'riff-24khz-16bit-mono-pcm': 24_000,
  'riff-48khz-16bit-mono-pcm': 48_000,
};

/** What GET /cognitiveservices/voices/list answers: a few of the service's entries, Chinese and not. */
export const IMITATION_VOICES = [
  { ShortName: 'zh-CN-XiaoxiaoNeural', LocalName: '晓晓', Gender: 'Female', Locale: 'zh-CN' },
  { ShortName: 'zh-CN-YunxiNeural', LocalName: '云希', Gender: 'Male', Locale: 'zh-CN' },
  { ShortName: 'zh-CN-liaoning-XiaobeiNeural', LocalName: '晓北 辽宁', Gender: 'Female', Locale: 'zh-CN-liaoning' },
  { ShortName: 'zh-HK-HiuGaaiNeural', LocalName: '曉佳', Gender: 'Female', Locale: 'zh-HK' },
  { ShortName: 'en-US-JennyNeural', LocalName: 'Jenny', Gender: 'Female', Locale: 'en-US' },
];

/** Seconds of audio for a text: a fixed lead plus a share per character (unlike espeak's lengths). */
export function imitationSeconds(text: string): number {
  return 0.15 + 0.09 * [...text].length;
}

/** One request as the imitation read it. */
export interface ImitationRequest {
  key: string | undefined;
  contentType: string | undefined;
  outputFormat: string | undefined;
  userAgent: string | undefined;
  ssml: string;
  /** The voice name and spoken text parsed from the SSML (null when it did not parse). */
  voice: string | null;
  text: string | null;
  /** The prosody rate asked (1 when none). */
  rate: number;
}

/** An answer to give instead of speech, once: a status with headers, junk audio, or none at all. */
export type ImitationFault =
  | { status: number; retryAfter?: string }
  | { junk: true }
  /** Holds the request open until the client gives up (abort and timeout tests). */
  | { stall: true };

export interface AzureTtsImitation {
  /** Base URL (AZURE_TTS_ENDPOINT). */
  url: string;
  requests: ImitationRequest[];
  /** Faults answered to the next requests, in order, before speech resumes. */
  faults: ImitationFault[];
  /** Resolves once a stalled request has arrived (so a test aborts it then, not after a guessed delay). */
  stalled(): Promise<void>;
  close(): Promise<void>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The character data of an XML fragment, refusing a bare `<` or `&` (which real XML refuses too). */
function xmlText(raw: string): string | null {
  if (/<|&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) {
    return null;
  }
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_m, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (ENTITIES[e] ?? ''),
  );
}

/** The voice and text of `<speak version="1.0" xml:lang="…"><voice name="…">text</voice></speak>`. */
function parseSsml(ssml: string): { voice: string; text: string; rate: number } | null {
  const m =
    /^\s*(<\?xml[^>]*\?>\s*)?<speak\s[^>]*version=(["'])1\.0\2[^>]*>\s*<voice\s+[^>]*name=(["'])([^"']+)\3[^>]*>([\s\S]*)<\/voice>\s*<\/speak>\s*$/.exec(
      ssml,
    );
  if (!m || !/xml:lang=(["'])[a-zA-Z-]+\1/.test(ssml)) {
    return null;
  }
  // A speed is a prosody element around the text: rate="+20%" speaks 1.2 times as fast.
  const prosody = /^<prosody\s+rate=(["'])([+-]\d+)%\1>([\s\S]*)<\/prosody>$/.exec(m[5] ?? '');
  const text = xmlText(prosody ? (prosody[3] ?? '') : (m[5] ?? ''));
  const rate = prosody ? 1 + Number(prosody[2]) / 100 : 1;
  return text === null || rate <= 0 ? null : { voice: m[4] ?? '', text, rate };
}

/** A mono 16-bit PCM WAV of a 220 Hz tone, `seconds` long. */
function toneWav(seconds: number, rate: number): Buffer {
  const frames = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + frames * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + frames * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i += 1) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / rate)), 44 + i * 2);
  }
  return wav;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the imitation on a free loopback port; it accepts only `key`. */
export async function startAzureTtsImitation(key: string): Promise<AzureTtsImitation> {
  const requests: ImitationRequest[] = [];
  const faults: ImitationFault[] = [];
  const held = new Set<ServerResponse>();
  // Stalled requests not yet waited for, and waits not yet met.
  let unseenStalls = 0;
  const waiting: (() => void)[] = [];

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const ssml = await readBody(req);
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const parsed = parseSsml(ssml);
    const request: ImitationRequest = {
      key: header('ocp-apim-subscription-key'),
      contentType: header('content-type'),
      outputFormat: header('x-microsoft-outputformat'),
      userAgent: header('user-agent'),
      ssml,
      voice: parsed?.voice ?? null,
      text: parsed?.text ?? null,
      rate: parsed?.rate ?? 1,
    };
    requests.push(request);
    const fail = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end();
    };
    if (req.method === 'GET' && req.url === '/cognitiveservices/voices/list') {
      if (request.key !== key) {
        fail(401);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(IMITATION_VOICES));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/cognitiveservices/v1') {
      fail(404);
      return;
    }
    if (request.key !== key) {
      fail(401);
      return;
    }
    const fault = faults.shift();
    if (fault && 'stall' in fault) {
      held.add(res);
      res.on('close', () => held.delete(res));
      const wake = waiting.shift();
      if (wake) {
        wake();
      } else {
        unseenStalls += 1;
      }
      return;
    }
    if (fault && 'status' in fault) {
      fail(fault.status, fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter });
      return;
    }
    const rate = FORMATS[request.outputFormat ?? ''];
    if (request.contentType !== 'application/ssml+xml' || !rate || !request.userAgent || !parsed) {
      fail(400);
      return;
    }
    res.writeHead(200, { 'content-type': 'audio/x-wav' });
    res.end(
      fault ? Buffer.from('ID3 not a wave file at all') : toneWav(imitationSeconds(parsed.text) / parsed.rate, rate),
    );
  };

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    faults,
    stalled: () => {
      if (unseenStalls > 0) {
        unseenStalls -= 1;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    close: async () => {
      for (const res of held) {
        res.destroy();
      }
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
