export type LogLevel = 'info' | 'warn' | 'error';

/** Where the simulator reports what happened (same shape as the agent's log). */
export type Log = (level: LogLevel, message: string) => void;

export const silentLog: Log = () => undefined;

/** One line per entry with an ISO timestamp, on stderr (what the CLI uses). */
export function consoleLog(level: LogLevel, message: string): void {
  process.stderr.write(`${new Date().toISOString()} ${level.padEnd(5)} ${message}\n`);
}
