export type LogLevel = 'info' | 'warn' | 'error';

/** Where the agent's parts report what happened; main.ts writes it to stderr. */
export type Log = (level: LogLevel, message: string) => void;

/** A log that writes one line per entry with an ISO timestamp, to stderr (stdout stays free for tools). */
export function consoleLog(level: LogLevel, message: string): void {
  process.stderr.write(`${new Date().toISOString()} ${level.padEnd(5)} ${message}\n`);
}
