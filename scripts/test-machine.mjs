// `npm test`'s first step: puts on this Debian machine the real peers the suite runs against (Chromium,
// snmpd, ping, logger, unshare/ip/sysctl, PostgreSQL on 127.0.0.1:5432), so the README's `npm test` passes
// on a fresh machine. As root (or with password-less sudo) it installs and starts what is missing, one line
// each; otherwise it prints the commands to run and the suite does not start. Prints nothing when all is there.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { basename, delimiter, join } from 'node:path';

const say = (line) => console.log(`npm test: ${line}`);

// Debian keeps snmpd, ip and sysctl in /usr/sbin, which a non-root user's PATH lacks.
const SBIN = ['/usr/sbin', '/sbin'];

const PEERS = [
  {
    command: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    pkg: 'chromium',
    purpose: 'for the browser tests',
  },
  { command: 'snmpd', pkg: 'snmpd', purpose: 'as the SNMP device of the agent and link tests' },
  { command: 'snmpget', pkg: 'snmp', purpose: "to query the tests' snmpd by hand" },
  { command: 'ping', pkg: 'iputils-ping', purpose: 'for the ping probe and pingIp tests' },
  { command: 'logger', pkg: 'bsdutils', purpose: 'as the syslog sender of the agent tests' },
  { command: 'unshare', pkg: 'util-linux', purpose: 'for the unanswered-ping test (own network namespace)' },
  { command: 'ip', pkg: 'iproute2', purpose: 'for the unanswered-ping test' },
  { command: 'sysctl', pkg: 'procps', purpose: 'for the unanswered-ping test' },
];

// The suite's PostgreSQL (apps/server/src/testing/test-database.ts): postgres@127.0.0.1:5432/test, trust.
const PG_URL = 'postgresql://postgres@127.0.0.1:5432/test';
const PG_PURPOSE = 'for the server tests on PostgreSQL';
const SNMP_PORT = 161;

function findCommand(command) {
  if (command.includes('/')) return isExecutable(command) ? command : null;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...SBIN].filter(Boolean);
  return dirs.map((dir) => join(dir, command)).find(isExecutable) ?? null;
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** How to run a command as root: [] when root, ['sudo', '-n'] with password-less sudo, null otherwise. */
function rootPrefix() {
  if (process.getuid?.() === 0) return [];
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo', '-n'] : null;
}

function asRoot(prefix, argv, env = {}) {
  const assignments = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const [command, ...args] = [...prefix, 'env', ...assignments, ...argv];
  return spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function tcpAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1000 });
    const done = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Debian PostgreSQL clusters named main, with the port each is configured for. */
function postgresClusters() {
  if (!existsSync('/etc/postgresql')) return [];
  return readdirSync('/etc/postgresql')
    .filter((version) => existsSync(join('/etc/postgresql', version, 'main', 'postgresql.conf')))
    .map((version) => {
      const conf = readFileSync(join('/etc/postgresql', version, 'main', 'postgresql.conf'), 'utf8');
      const port = Number(/^\s*port\s*=\s*(\d+)/m.exec(conf)?.[1] ?? 5432);
      return { version, port };
    });
}

/** Installed PostgreSQL server versions (Debian's /usr/lib/postgresql/<version>/bin/postgres). */
function postgresVersions() {
  if (!existsSync('/usr/lib/postgresql')) return [];
  return readdirSync('/usr/lib/postgresql')
    .filter((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
}

function canSignIn() {
  if (!findCommand('psql')) return false;
  return spawnSync('psql', ['-X', '-w', '-Atqc', 'select 1', PG_URL], { stdio: 'ignore' }).status === 0;
}

async function waitForPostgres() {
  for (let i = 0; i < 30; i++) {
    if (spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']).status === 0) return true;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

/** UDP listeners on port 161 as `address:161`, from /proc (IPv4 and IPv6). */
function snmpListeners() {
  const listeners = [];
  for (const file of ['/proc/net/udp', '/proc/net/udp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [hexAddress, hexPort] = line.trim().split(/\s+/)[1]?.split(':') ?? [];
      if (hexPort && Number.parseInt(hexPort, 16) === SNMP_PORT) listeners.push(procAddress(hexAddress));
    }
  }
  return listeners;
}

// /proc/net/udp* writes addresses as 32-bit words in host (little-endian) byte order.
function procAddress(hex) {
  if (hex.length === 8)
    return hex
      .match(/../g)
      .reverse()
      .map((b) => Number.parseInt(b, 16))
      .join('.');
  if (/^0{32}$/.test(hex)) return '[::]';
  if (hex === '00000000000000000000000001000000') return '[::1]';
  return '[IPv6]';
}

/**
 * Debian's snmpd package may start a system snmpd on UDP 161. The tests' snmpd peers use free ports, and
 * Debian's default binds only 127.0.0.1 and ::1, where no test polls SNMP: that one is left alone. One that
 * listens on every address would answer the test and demo devices the suite puts at 127.x.y.z:161, so stop it.
 */
function checkSystemSnmpd(prefix, before) {
  const started = snmpListeners().filter((address) => !before.includes(address));
  if (!started.length) return;
  const where = started.map((address) => `${address}:${SNMP_PORT}`).join(', ');
  if (started.every((address) => address === '127.0.0.1' || address === '[::1]')) {
    say(`left running the system snmpd the install started on ${where}: the tests' snmpd use other ports`);
    return;
  }
  asRoot(prefix, ['service', 'snmpd', 'stop']);
  const pidFile = '/run/snmpd.pid';
  if (snmpListeners().some((a) => started.includes(a)) && existsSync(pidFile)) {
    asRoot(prefix, ['kill', readFileSync(pidFile, 'utf8').trim()]);
  }
  say(
    `stopped the system snmpd the install started on ${where}: it would answer the test devices at port 161`,
  );
}

function aptInstall(prefix, packages) {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  for (const argv of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', ...packages],
  ]) {
    const run = asRoot(prefix, argv, env);
    if (run.status !== 0) {
      const output = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error?.message ?? ''}`;
      console.error(output.trim().split('\n').slice(-30).join('\n'));
      console.error(
        `npm test: \`${argv.join(' ')}\` failed; install by hand: apt-get install -y ${packages.join(' ')}`,
      );
      return false;
    }
  }
  return true;
}

/** Makes sure the suite can sign in: database `test`, trust for postgres from 127.0.0.1 (pg_hba.conf). */
function ensureTestDatabase(prefix) {
  if (canSignIn()) return true;
  const psql = (sql) =>
    asRoot(prefix, ['runuser', '-u', 'postgres', '--', 'psql', '-X', '-p', '5432', '-Atqc', sql]);
  if (psql("select 1 from pg_database where datname = 'test'").stdout?.trim() !== '1') {
    psql('create database test');
  }
  const hba = psql('show hba_file').stdout?.trim();
  if (hba) {
    // First matching line wins: put ours on top, narrowed to what the suite uses.
    asRoot(prefix, [
      'sed',
      '-i',
      '-e',
      '1i # npm test: the suite signs in as postgres to database test from 127.0.0.1 without a password',
      '-e',
      '1i host test postgres 127.0.0.1/32 trust',
      hba,
    ]);
    psql('select pg_reload_conf()');
  }
  if (!canSignIn()) {
    console.error(`npm test: cannot sign in to ${PG_URL} after setting it up; see ${hba ?? 'pg_hba.conf'}`);
    return false;
  }
  say(`created the database test (user postgres, trust from 127.0.0.1) ${PG_PURPOSE}`);
  return true;
}

/** Where PostgreSQL stands for the suite: answering, a cluster to start, installed without a cluster, or absent. */
async function postgresState() {
  // A TEST_DATABASE_URL of the user's own is theirs to provide.
  if (process.env.TEST_DATABASE_URL || (await tcpAnswers('127.0.0.1', 5432))) return { state: 'answering' };
  const cluster = postgresClusters().find((c) => c.port === 5432);
  if (cluster) return { state: 'stopped', version: cluster.version };
  const [version] = postgresVersions();
  return version ? { state: 'no-cluster', version } : { state: 'absent' };
}

function printWhatToRun(missing, pg) {
  const packages = [...missing.map((p) => p.pkg), ...(pg.state === 'absent' ? ['postgresql'] : [])];
  console.error('npm test: this machine lacks what the suite runs against, and installing needs root:');
  for (const peer of missing)
    console.error(`  ${basename(peer.command)} (Debian package ${peer.pkg}) ${peer.purpose}`);
  if (pg.state !== 'answering') console.error(`  PostgreSQL on 127.0.0.1:5432 ${PG_PURPOSE}`);
  console.error('Run these, then npm test again (or run npm test as root once, which does it all):');
  if (packages.length)
    console.error(`  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
  if (pg.state === 'no-cluster') console.error(`  sudo pg_createcluster ${pg.version} main`);
  if (pg.state !== 'answering') {
    const version = pg.version ?? '<version>';
    console.error(`  sudo pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
  }
  if (pg.state === 'absent' || pg.state === 'no-cluster') {
    console.error('  sudo -u postgres createdb test');
    console.error(
      '  and put `host test postgres 127.0.0.1/32 trust` first in pg_hba.conf, then reload PostgreSQL',
    );
  }
}

/** Prepares the machine; false when the suite cannot run (what to do was printed). */
export async function prepareTestMachine() {
  const path = (process.env.PATH ?? '').split(delimiter);
  process.env.PATH = [...path, ...SBIN.filter((dir) => !path.includes(dir))].join(delimiter);

  const missing = PEERS.filter((peer) => !findCommand(peer.command));
  let pg = await postgresState();
  if (!missing.length && pg.state === 'answering') return true;

  const prefix = rootPrefix();
  if (prefix === null) {
    printWhatToRun(missing, pg);
    return false;
  }

  const packages = [...missing.map((p) => p.pkg), ...(pg.state === 'absent' ? ['postgresql'] : [])];
  if (packages.length) {
    const snmpBefore = snmpListeners();
    if (!aptInstall(prefix, packages)) return false;
    for (const peer of missing) {
      if (!findCommand(peer.command)) {
        console.error(`npm test: ${peer.pkg} is installed but ${peer.command} is still missing`);
        return false;
      }
      say(`installed ${basename(peer.command)} (Debian package ${peer.pkg}) ${peer.purpose}`);
    }
    if (missing.some((peer) => peer.pkg === 'snmpd')) checkSystemSnmpd(prefix, snmpBefore);
  }

  if (pg.state === 'answering') return true;
  const fresh = pg.state !== 'stopped';
  if (pg.state === 'absent') {
    const [version] = postgresVersions();
    if (!version) {
      console.error('npm test: the postgresql package installed no server under /usr/lib/postgresql');
      return false;
    }
    say(`installed PostgreSQL ${version} (Debian package postgresql) ${PG_PURPOSE}`);
    pg = await postgresState();
    // Under systemd the package starts its cluster itself.
    if (pg.state === 'answering') return ensureTestDatabase(prefix);
  }
  if (pg.state === 'no-cluster') {
    const run = asRoot(prefix, ['pg_createcluster', '-p', '5432', pg.version, 'main']);
    if (run.status !== 0) {
      console.error(`${run.stderr}npm test: pg_createcluster ${pg.version} main failed`);
      return false;
    }
    say(`created the PostgreSQL ${pg.version} cluster main`);
  }
  const started = asRoot(prefix, ['pg_ctlcluster', '--skip-systemctl-redirect', pg.version, 'main', 'start']);
  if (!(await waitForPostgres())) {
    console.error(
      `${started.stderr ?? ''}npm test: PostgreSQL ${pg.version} did not answer on 127.0.0.1:5432`,
    );
    return false;
  }
  say(`started PostgreSQL ${pg.version} (cluster ${pg.version}/main) on 127.0.0.1:5432 ${PG_PURPOSE}`);
  return fresh ? ensureTestDatabase(prefix) : true;
}
