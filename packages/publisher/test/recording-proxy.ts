import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP proxy for tests: forwards to plain-HTTP targets and records each request's path. */
export interface RecordingProxy {
  /** `http://127.0.0.1:<port>`, for a profile's proxy settings. */
  server: string;
  /** The paths (with query) of the requests that came through, in order. */
  paths: string[];
  close(): Promise<void>;
}

/**
 * Starts the proxy. Clients that tunnel (CONNECT, as Playwright's request context does for every
 * target) have the tunnel read as HTTP by the proxy itself, so the paths inside it are seen too; the
 * targets are the plain-HTTP sandbox, so nothing needs decrypting.
 */
export async function startRecordingProxy(): Promise<RecordingProxy> {
  const paths: string[] = [];
  const forward = (req: IncomingMessage, res: ServerResponse, target: URL) => {
    paths.push(target.pathname + target.search);
    const out = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  };
  // Requests inside a tunnel name only a path; the tunnel's CONNECT line named the host.
  const inner = createServer((req, res) => forward(req, res, new URL(req.url ?? '/', `http://${req.headers.host}`)));
  const server = createServer((req, res) => forward(req, res, new URL(req.url ?? '/')));
  server.on('connect', (_req, socket, head) => {
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) {
      socket.unshift(head);
    }
    inner.emit('connection', socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        inner.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
