/**
 * Test peer: the real server (`node --import tsx apps/server/src/server.ts`) as a child process on a
 * loopback port, so a test can SIGKILL it mid-write like a crash and start it again on the same data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../../../server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Kills it with SIGKILL (no shutdown code runs) and waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts the server with `env` on 127.0.0.1:`port`; resolves once it prints its banner (within
 * `startTimeoutMs`, 30 s unless given: a loaded machine may need longer).
 */
export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  startTimeoutMs = 30_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Storefleet is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
