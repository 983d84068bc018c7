/** A host name as a device would announce it, from the name a person gave it in the console. */
export function hostnameOf(deviceName: string, deviceId: string): string {
  const slug = deviceName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug.length > 0 ? slug : `device-${deviceId}`.slice(0, 64);
}

/** Product types (spec §9) whose metrics look like network gear or printers rather than hosts. */
export const PRODUCT = {
  AI_BOX: 1,
  ROUTER: 2,
  SWITCH: 3,
  POS: 4,
  PRINTER: 5,
  COMPUTER: 6,
  SERVER: 7,
} as const;

/** Device systems (spec §3). */
export const SYSTEM = { LINUX: 0, WINDOWS: 1, ANDROID: 2, OTHER: 3 } as const;
