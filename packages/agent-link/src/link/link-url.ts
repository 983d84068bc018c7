import { AGENT_LINK_PATH } from '@storefleet/contracts';

/**
 * The link's WebSocket URL for a server URL as a person types it: `https://console.example` →
 * `wss://console.example/api/agent/link`; a path prefix (server behind a reverse proxy) is kept.
 */
export function linkUrl(server: string): string {
  const url = new URL(server);
  switch (url.protocol) {
    case 'http:':
    case 'ws:':
      url.protocol = 'ws:';
      break;
    case 'https:':
    case 'wss:':
      url.protocol = 'wss:';
      break;
    default:
      throw new Error(
        `The server URL must start with http://, https://, ws:// or wss:// (got ${url.protocol})`,
      );
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${AGENT_LINK_PATH}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}
