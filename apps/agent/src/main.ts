// The agent's command line: `npm run agent -- --server <url> --key <securityKey> [--mode device] …`.

import { AGENT_VERSION } from '@storefleet/agent-link';

import { BoxAgent } from './box-agent';
import { parseCli, USAGE, UsageError } from './cli';
import { DeviceReporter } from './device-mode';
import { consoleLog } from './log';

async function main(): Promise<void> {
  let settings: ReturnType<typeof parseCli>;
  try {
    settings = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  const options = {
    server: settings.server,
    key: settings.key,
    dataDir: settings.dataDir,
    intervalSeconds: settings.intervalSeconds,
    log: consoleLog,
  };
  consoleLog(
    'info',
    `storefleet agent ${AGENT_VERSION} starting in ${settings.mode} mode against ${settings.server}`,
  );
  const agent =
    settings.mode === 'box'
      ? new BoxAgent({ ...options, syslogPort: settings.syslogPort, syslogHost: settings.syslogHost })
      : new DeviceReporter(options);
  await agent.start();
  const shutdown = (signal: string) => {
    consoleLog('info', `${signal} received; flushing the buffer and stopping`);
    agent.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) process.exitCode = 2;
  consoleLog('error', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
