import { startSandbox } from './server.ts';

// A test double for tests and for a person trying publishing by hand: `npm run sandbox` at the repo root
// (or `npm start -w @vidmatrix/platform-sandbox`). Port from SANDBOX_PORT (default 8090), HOST.
const sandbox = await startSandbox({
  port: Number(process.env.SANDBOX_PORT ?? process.env.PORT ?? 8090),
  host: process.env.HOST ?? '127.0.0.1',
});
console.log(`platform sandbox listening on ${sandbox.url} (/douyin /kuaishou /xiaohongshu /channels /bilibili)`);
