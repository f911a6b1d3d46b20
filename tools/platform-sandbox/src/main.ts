import { startSandbox } from './server.ts';

// A test double for manual runs: `npm start -w @vidmatrix/platform-sandbox` (PORT, HOST). Never part of `npm start`.
const sandbox = await startSandbox({ port: Number(process.env.PORT ?? 4600), host: process.env.HOST ?? '127.0.0.1' });
console.log(`platform sandbox listening on ${sandbox.url} (/douyin /kuaishou /xiaohongshu /channels /bilibili)`);
