// The baseline of the HTTP benchmarks: a bare node:http server in a process of its own, so it never
// shares an event loop with the load generator or the server under test. With BASELINE_BODY_FILE it
// answers every request with those bytes, and with the headers of BASELINE_HEADERS_FILE (a JSON
// object) when given, so both sides put the same bytes on the wire; with BASELINE_SINK_FILE it pipes
// every request body into that file. Reports its port to the parent (fork IPC) once listening.
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';

const bodyFile = process.env.BASELINE_BODY_FILE;
const sinkFile = process.env.BASELINE_SINK_FILE;
const body = bodyFile ? readFileSync(bodyFile) : Buffer.alloc(0);
const headersFile = process.env.BASELINE_HEADERS_FILE;
const headers = {
  'content-type': 'application/json; charset=utf-8',
  ...(headersFile ? JSON.parse(readFileSync(headersFile, 'utf8')) : {}),
  'content-length': body.length,
};

const server = createServer((req, res) => {
  if (sinkFile) {
    pipeline(req, createWriteStream(sinkFile)).then(
      () => res.end('ok'),
      () => res.writeHead(500).end(),
    );
    return;
  }
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
