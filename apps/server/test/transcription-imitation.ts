import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local imitation of an OpenAI-compatible speech-recognition endpoint (POST {base}/audio/transcriptions),
// for tests only. It is built from the API's published shapes (the verbose JSON answer as the OpenAI
// Node SDK's TranscriptionVerbose type lists it: text, language, duration, segments of {start, end,
// text}; openai/openai-node issue #702 shows a real answer), not from our client: it reads the multipart
// body the way a server does (Request.formData), refuses a missing file or model (400) or a wrong key
// (401), and answers the segments it was given, whatever the audio says. It cannot recognise speech.

export interface TranscriptionImitation {
  url: string;
  /** The fields of each request as the imitation read them (the file by name, type and size). */
  requests: { model: string; responseFormat: string; language: string; file: { name: string; size: number } }[];
  close(): Promise<void>;
}

/** A text field of a multipart body ('' when absent or a file). */
function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export async function startTranscriptionImitation(options: {
  key: string;
  segments: { start: number; end: number; text: string }[];
}): Promise<TranscriptionImitation> {
  const requests: TranscriptionImitation['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const json = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
          json(404, { error: { message: 'not found' } });
          return;
        }
        if (req.headers.authorization !== `Bearer ${options.key}`) {
          json(401, { error: { message: 'Incorrect API key provided' } });
          return;
        }
        const form = await new Request('http://imitation/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData();
        const file = form.get('file');
        const model = form.get('model');
        if (!(file instanceof File) || typeof model !== 'string' || !model) {
          json(400, { error: { message: 'file and model are required' } });
          return;
        }
        requests.push({
          model,
          responseFormat: field(form, 'response_format') || 'json',
          language: field(form, 'language'),
          file: { name: file.name, size: file.size },
        });
        const text = options.segments.map((s) => s.text).join('');
        if (form.get('response_format') !== 'verbose_json') {
          json(200, { text });
          return;
        }
        json(200, {
          task: 'transcribe',
          language: 'chinese',
          duration: options.segments.at(-1)?.end ?? 0,
          text,
          segments: options.segments.map((s, id) => ({ id, seek: 0, ...s, tokens: [], temperature: 0 })),
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
