/** The part of autocannon 9's API the benchmarks use (the package ships no type declarations). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Request body (a POST's JSON text). */
    body?: string;
    timeout?: number;
  }

  export interface Result {
    requests: { total: number; average: number };
    latency: { average: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }

  export interface Instance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    stop(): void;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
