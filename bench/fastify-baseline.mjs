// The baseline of the cold-start benchmark: a bare Fastify app with one health route, nothing else,
// started in a process of its own exactly as the server is (PORT, /healthz).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
