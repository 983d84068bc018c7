// `npm run check:image`: builds the Containerfile and starts the server from the image, on a machine
// that reaches no image registry and cannot run containers. The bases are made here with mmdebstrap
// from Debian's packages plus this machine's Node; podman builds with --isolation=chroot; the image's
// files are mounted (`podman image mount`) and its command is run under chroot, as the image's user,
// on a loopback port with a temporary DATA_DIR, until /ready answers 200. Needs root; takes minutes
// (the first run makes the bases and installs every npm package). docs/decisions/container-image.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const IMAGE = 'localhost/storefleet:check';
const READY_DEADLINE_MS = 180_000;
const STOP_DEADLINE_MS = 30_000;
const POLL_MS = 200;

/** Runs a command to its end; throws with its output when it fails. `inherit` shows it as it goes. */
function run(command, args, { inherit = false, env } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env: env ?? process.env,
    encoding: 'utf8',
    stdio: inherit ? 'inherit' : 'pipe',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const said = inherit ? '' : `\n${result.stdout}${result.stderr}`;
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})${said}`);
  }
  return inherit ? '' : result.stdout.trim();
}

/** Like `run`, in the background: resolves when the command ends well, rejects otherwise. */
function runAsync(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

function installTools() {
  const missing = ['podman', 'mmdebstrap'].filter((tool) => !has(tool));
  if (missing.length === 0) return;
  console.log(`[check:image] installing ${missing.join(', ')} with apt-get …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { inherit: true, env });
  run('apt-get', ['install', '-y', '-qq', ...missing, 'uidmap'], { inherit: true, env });
}

/**
 * The two bases, made once per Node version: the runtime base (Debian minbase, CA certificates, this
 * machine's node binary) and the build base (also npm, Node's headers and a C++ toolchain, since
 * better-sqlite3 compiles here: its prebuilt binaries are not reachable; and this machine's CA bundle,
 * so npm trusts what this machine trusts). Laid out as the official Node images are (/usr/local).
 */
async function makeBases() {
  const prefix = dirname(dirname(process.execPath));
  const tag = process.version;
  const runtime = `localhost/storefleet-check/node-runtime:${tag}`;
  const build = `localhost/storefleet-check/node-build:${tag}`;
  const exists = (image) => spawnSync('podman', ['image', 'exists', image]).status === 0;
  const work = mkdtempSync(join(tmpdir(), 'storefleet-bases-'));
  const copyNode = `install -D -m 0755 ${process.execPath} "$1/usr/local/bin/node"`;
  const copyNpm = [
    `mkdir -p "$1/usr/local/lib/node_modules" "$1/usr/local/include"`,
    `cp -a ${prefix}/lib/node_modules/npm "$1/usr/local/lib/node_modules/"`,
    `ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"`,
    `ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"`,
    existsSync(`${prefix}/include/node`) ? `cp -a ${prefix}/include/node "$1/usr/local/include/"` : 'true',
    `cp /etc/ssl/certs/ca-certificates.crt "$1/etc/ssl/certs/machine-ca-certificates.crt"`,
  ].join(' && ');
  const path = 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
  const make = async (image, packages, hooks, changes) => {
    if (exists(image)) return;
    console.log(`[check:image] making ${image} with mmdebstrap (minutes) …`);
    const tar = join(work, `${image.split('/').pop().replace(':', '-')}.tar`);
    const hookArgs = hooks.map((hook) => `--customize-hook=${hook}`);
    await runAsync('mmdebstrap', [
      '--variant=minbase',
      `--include=${packages}`,
      ...hookArgs,
      'bookworm',
      tar,
    ]);
    run('podman', ['import', ...[path, ...changes].flatMap((c) => ['--change', c]), tar, image]);
  };
  try {
    await Promise.all([
      make(runtime, 'ca-certificates', [copyNode], []),
      make(
        build,
        'ca-certificates,python3,make,g++',
        [copyNode, copyNpm],
        [
          'ENV npm_config_nodedir=/usr/local',
          'ENV npm_config_cafile=/etc/ssl/certs/machine-ca-certificates.crt',
          'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/machine-ca-certificates.crt',
          'ENV npm_config_update_notifier=false',
        ],
      ),
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { runtime, build };
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200, the process ends, or the deadline passes. */
async function waitForReady(url, child) {
  const deadline = Date.now() + READY_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server ended before it was ready (${child.exitCode ?? child.signalCode})`);
    }
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await pause(POLL_MS);
  }
  throw new Error(`${url} did not answer 200 within ${READY_DEADLINE_MS / 1000} s`);
}

/** Ends the child by its PID: SIGTERM, then SIGKILL past the deadline. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  const late = setTimeout(() => process.kill(child.pid, 'SIGKILL'), STOP_DEADLINE_MS);
  await ended;
  clearTimeout(late);
}

/** The image's user as uid:gid, looked up in the image's own /etc/passwd. */
function imageUser(tree, user) {
  if (/^\d+(:\d+)?$/.test(user)) return user.includes(':') ? user : `${user}:${user}`;
  const line = readFileSync(join(tree, 'etc/passwd'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  if (!line) throw new Error(`the image's user ${user} is not in its /etc/passwd`);
  const [, , uid, gid] = line.split(':');
  return `${uid}:${gid}`;
}

/** Starts the image's command from the mounted tree and checks /ready and the image's health check. */
async function startFromImage(tree, config) {
  const user = imageUser(tree, config.User || 'root');
  if (user.startsWith('0:')) throw new Error('the image runs as root');
  if (!config.Healthcheck?.Test?.length) throw new Error('the image has no HEALTHCHECK');
  const scratch = mkdtempSync(join(tmpdir(), 'storefleet-image-run-'));
  const mounts = [];
  const mount = (args, target) => {
    run('mount', [...args, target]);
    mounts.unshift(target);
  };
  let child;
  try {
    const dataDir = config.Env.find((e) => e.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length);
    if (!dataDir) throw new Error('the image sets no DATA_DIR');
    for (const dir of ['data', 'tmp']) mkdirSync(join(scratch, dir), { mode: 0o700 });
    run('chown', [user, join(scratch, 'data'), join(scratch, 'tmp')]);
    mount(['--bind', join(scratch, 'data')], join(tree, dataDir));
    mount(['--bind', join(scratch, 'tmp')], join(tree, 'tmp'));
    mount(['--bind', '/dev'], join(tree, 'dev'));
    mount(['-t', 'proc', 'proc'], join(tree, 'proc'));
    const port = await freePort();
    const env = [
      ...config.Env,
      'HOST=127.0.0.1',
      `PORT=${port}`,
      'ADMIN_USERNAME=imagecheck',
      `ADMIN_PASSWORD=Ic-${randomBytes(12).toString('base64url')}-7q!`,
    ];
    const inImage = (command) => [
      `--userspec=${user}`,
      tree,
      '/usr/bin/env',
      '-i',
      `--chdir=${config.WorkingDir || '/'}`,
      ...env,
      ...command,
    ];
    const command = [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])];
    const started = Date.now();
    child = spawn('chroot', inImage(command), { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    try {
      await waitForReady(`http://127.0.0.1:${port}/ready`, child);
    } catch (error) {
      throw new Error(`${error.message}\n--- server output ---\n${log.slice(-6000)}`);
    }
    const readyMs = Date.now() - started;
    const [form, ...test] = config.Healthcheck.Test;
    const probe = form === 'CMD-SHELL' ? ['/bin/sh', '-c', test.join(' ')] : test;
    run('chroot', inImage(probe));
    return { readyMs, port };
  } finally {
    if (child) await stop(child);
    // Detached lazily if still busy, so the image can be unmounted after it.
    for (const target of mounts) {
      if (spawnSync('umount', [target]).status !== 0) spawnSync('umount', ['--lazy', target]);
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function main() {
  if (process.getuid?.() !== 0)
    throw new Error('run as root (apt-get, mmdebstrap, mount and chroot need it)');
  installTools();
  const bases = await makeBases();
  const builtAt = Date.now();
  run(
    'podman',
    [
      'build',
      '--isolation=chroot',
      '--format=docker', // the OCI format has no HEALTHCHECK
      '--build-arg',
      `BASE=${bases.runtime}`,
      '--build-arg',
      `BUILD_BASE=${bases.build}`,
      '--file',
      'Containerfile',
      '--tag',
      IMAGE,
      '.',
    ],
    { inherit: true },
  );
  const buildSeconds = Math.round((Date.now() - builtAt) / 1000);
  const [inspected] = JSON.parse(run('podman', ['image', 'inspect', IMAGE]));
  const tree = run('podman', ['image', 'mount', IMAGE]);
  let result;
  try {
    // podman puts the health check beside Config, docker's format inside it.
    const healthcheck = inspected.Config.Healthcheck ?? inspected.Healthcheck;
    result = await startFromImage(tree, { ...inspected.Config, Healthcheck: healthcheck });
  } finally {
    spawnSync('podman', ['image', 'unmount', IMAGE]);
  }
  const megabytes = (inspected.Size / 1e6).toFixed(0);
  console.log(
    `[check:image] ${IMAGE}: ${megabytes} MB; built in ${buildSeconds} s; from the mounted image, ` +
      `as user ${inspected.Config.User}, /ready answered 200 on 127.0.0.1:${result.port} ` +
      `${(result.readyMs / 1000).toFixed(1)} s after start; HEALTHCHECK passed; stopped and unmounted.`,
  );
}

main().catch((error) => {
  console.error(`[check:image] FAILED: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
