import { isIP } from 'node:net';

import { linkUrl } from '@storefleet/agent-link';

/** Thrown for a server URL the simulator refuses: it only ever talks to a server on this machine. */
export class NotLoopbackError extends Error {}

/** Whether an IP address literal is a loopback address (127.0.0.0/8, ::1, or IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  switch (isIP(ip)) {
    case 4:
      return ip.split('.')[0] === '127';
    case 6: {
      // The URL parser writes IPv6 in its one canonical spelling (::1, ::ffff:7f00:1).
      const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
      if (canonical === '::1') return true;
      const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(canonical);
      return mapped?.[1] !== undefined && Number.parseInt(mapped[1], 16) >> 8 === 127;
    }
    default:
      return false;
  }
}

/**
 * The link URL for a server URL, or NotLoopbackError unless the server is on this machine (127.0.0.0/8,
 * ::1 or `localhost`): simulated traffic must never leave the host, whatever a config file says.
 */
export function loopbackLinkUrl(serverUrl: string): string {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new NotLoopbackError(`"${serverUrl}" is not a URL; use e.g. http://127.0.0.1:8080`);
  }
  const host = url.hostname;
  if (host !== 'localhost' && !isLoopbackAddress(host)) {
    throw new NotLoopbackError(
      `The simulator only talks to a server on this machine (127.0.0.0/8, ::1 or localhost), not "${host}"`,
    );
  }
  try {
    return linkUrl(serverUrl);
  } catch (error) {
    throw new NotLoopbackError(error instanceof Error ? error.message : String(error));
  }
}
