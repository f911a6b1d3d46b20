import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded request of the fake server: method, path, query, JSON body and headers. */
export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingMessage['headers'];
}

export type Route = (request: Recorded, response: ServerResponse) => void;

/** A local HTTP server for tests: routes by `METHOD /path`, records every request. */
export async function startTestServer(routes: Record<string, Route>) {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        // not JSON: keep the text
      }
      const recorded = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: req.headers,
      };
      requests.push(recorded);
      const route = routes[`${recorded.method} ${recorded.path}`];
      if (!route) {
        res.writeHead(404).end();
        return;
      }
      route(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Answers a `{code,msg,data}` envelope. */
export function envelope(data: unknown, code = 200, msg = 'success'): Route {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code, msg, data }));
  };
}

/** Answers a body with a content type. */
export function body(content: string | Buffer, type = 'application/octet-stream'): Route {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(content) }).end(content);
  };
}
