// Test peer: Debian's real `snmpd` on a random loopback UDP port, configured in a temporary directory so
// it needs no root-owned paths. Used by the SNMP probe and agent tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SnmpdPeer {
  port: number;
  community: string;
  v3: { user: string; authKey: string; privKey: string };
  stop(): Promise<void>;
}

/** A free UDP port on 127.0.0.1 (bound then released; the tiny race is acceptable in tests). */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/** Starts snmpd with a random community and an SNMPv3 user (SHA/AES) and waits until it listens. */
export async function startSnmpd(): Promise<SnmpdPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'storefleet-snmpd-'));
  const persist = join(dir, 'persist');
  mkdirSync(persist);
  const port = await freeUdpPort();
  const community = `c${randomBytes(8).toString('hex')}`;
  const v3 = {
    user: 'sfuser',
    authKey: `a${randomBytes(8).toString('hex')}`,
    privKey: `p${randomBytes(8).toString('hex')}`,
  };
  const conf = join(dir, 'snmpd.conf');
  writeFileSync(
    conf,
    [
      `agentAddress udp:127.0.0.1:${port}`,
      `rocommunity ${community} 127.0.0.1`,
      `createUser ${v3.user} SHA "${v3.authKey}" AES "${v3.privKey}"`,
      `rouser ${v3.user} priv`,
      `[snmp] persistentDir ${persist}`,
    ].join('\n'),
  );
  // -C: only our config; -I -smux: no SMUX listener on the fixed port 199; MIBS empty: no MIB parse noise.
  const child = spawn('snmpd', ['-f', '-Lo', '-C', '-I', '-smux', '-c', conf, '-p', join(dir, 'snmpd.pid')], {
    env: { ...process.env, MIBS: '', SNMP_PERSISTENT_DIR: persist },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForStart(child);
  let stopped = false;
  return {
    port,
    community,
    v3,
    async stop() {
      if (!stopped) {
        stopped = true;
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function waitForStart(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`snmpd did not start:\n${log}`)), 10_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('NET-SNMP version')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`snmpd exited with ${code}:\n${log}`));
    });
    // A missing binary emits `error` and never `exit`: fail now, not after the start timeout.
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`snmpd could not be started (${error.message}): Debian's snmpd package is needed`));
    });
  });
}
