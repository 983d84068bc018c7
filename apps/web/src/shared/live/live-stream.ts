/**
 * One live-updates connection per page (issue 11 "Pages"): the header's open-alerts badge, the alert
 * overview, the device lists and the live store page all listen to the same server-sent events stream.
 * Each used to open its own, so the alert overview held two connections (its own and the badge's).
 * A hub holds one connection per session key (access token and the company an agent admin looks at) and
 * hands every event to each subscriber of that key; the connection opens with the first subscriber and
 * closes when the last one leaves. The close waits for the current task to end, so a page change (the
 * old page unsubscribes, the new one subscribes in the same commit) keeps the connection open.
 *
 * Each connect first asks for a single-use ticket; a dropped stream is reopened with a new ticket, since
 * EventSource's own retry would reuse the spent one. A refused ticket (401/403: signed out or no
 * longer allowed) ends the connection for good: nothing to reconnect to. Event data is checked without
 * zod (`live-event-guards.ts`); malformed events are ignored.
 */
import type { AlertLiveEvent, DeviceStatusEvent } from '@storefleet/contracts';

import { readAlertLiveEvent, readDeviceStatusEvent } from './live-event-guards';

export interface LiveSubscriber {
  onStatus?: (event: DeviceStatusEvent) => void;
  onAlert?: (event: AlertLiveEvent) => void;
}

/** What the hub needs of an EventSource. */
export interface LiveSource {
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveStreamDeps {
  /** A fresh ticket for the stream; rejects with `{ status }` when refused. */
  ticket: (signal: AbortSignal) => Promise<string>;
  /** Opens the stream for a ticket. */
  open: (ticket: string) => LiveSource;
  /** Delay before the `failures`-th reconnect in a row. */
  retryDelayMs: (failures: number) => number;
  /** Whether a ticket failure means "do not reconnect" (signed out, no longer allowed). */
  isFinal: (error: unknown) => boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

interface Connection {
  subscribers: Set<LiveSubscriber>;
  stop(): void;
  closing: unknown;
}

function parseData(message: MessageEvent<string>): unknown {
  try {
    return JSON.parse(message.data);
  } catch {
    return undefined;
  }
}

/** A hub of live-updates connections, one per session key (see the file comment). */
export function createLiveStreamHub(deps: LiveStreamDeps) {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const connections = new Map<string, Connection>();

  function connect(subscribers: Set<LiveSubscriber>): () => void {
    const stopped = new AbortController();
    let source: LiveSource | null = null;
    let retry: unknown;
    let failures = 0;

    const onStatus = (message: MessageEvent<string>) => {
      const event = readDeviceStatusEvent(parseData(message));
      if (event) for (const s of [...subscribers]) s.onStatus?.(event);
    };
    const onAlert = (message: MessageEvent<string>) => {
      const event = readAlertLiveEvent(parseData(message));
      if (event) for (const s of [...subscribers]) s.onAlert?.(event);
    };
    const reconnectLater = () => {
      failures += 1;
      retry = setTimer(() => void open(), deps.retryDelayMs(failures));
    };
    const open = async () => {
      let ticket: string;
      try {
        ticket = await deps.ticket(stopped.signal);
      } catch (error) {
        if (stopped.signal.aborted || deps.isFinal(error)) return;
        reconnectLater();
        return;
      }
      if (stopped.signal.aborted) return;
      const opened = deps.open(ticket);
      source = opened;
      opened.addEventListener('status', onStatus);
      opened.addEventListener('alert', onAlert);
      opened.addEventListener('open', () => {
        failures = 0;
      });
      opened.addEventListener('error', () => {
        opened.close();
        if (source !== opened || stopped.signal.aborted) return;
        source = null;
        reconnectLater();
      });
    };
    void open();
    return () => {
      stopped.abort();
      if (retry !== undefined) clearTimer(retry);
      source?.close();
      source = null;
    };
  }

  return {
    /** Listens on the stream of `key`; answers the unsubscribe. */
    subscribe(key: string, subscriber: LiveSubscriber): () => void {
      let connection = connections.get(key);
      if (!connection) {
        const subscribers = new Set<LiveSubscriber>();
        connection = { subscribers, stop: connect(subscribers), closing: undefined };
        connections.set(key, connection);
      }
      if (connection.closing !== undefined) {
        clearTimer(connection.closing);
        connection.closing = undefined;
      }
      connection.subscribers.add(subscriber);
      const held = connection;
      return () => {
        held.subscribers.delete(subscriber);
        if (held.subscribers.size > 0 || held.closing !== undefined) return;
        held.closing = setTimer(() => {
          held.closing = undefined;
          if (held.subscribers.size > 0 || connections.get(key) !== held) return;
          connections.delete(key);
          held.stop();
        }, 0);
      };
    },
    /** Open connections (tests). */
    size: () => connections.size,
  };
}

export type LiveStreamHub = ReturnType<typeof createLiveStreamHub>;
