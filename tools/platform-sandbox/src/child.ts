import { startSandbox } from './server.ts';

// The sandbox as a child process of a bench or a walkthrough (forked with tsx and an IPC channel): it
// sends its URL once listening, and closes on any message or when its parent goes away. The platform
// then runs in a process of its own, as the real one does, so nothing it does shares the caller's event
// loop. SANDBOX_PORT picks a port (default: a free one).
const sandbox = await startSandbox({ port: Number(process.env.SANDBOX_PORT ?? 0) });
process.send?.(sandbox.url);
process.on('message', () => void sandbox.close().then(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));
