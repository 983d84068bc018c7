/** The fields of one syslog message; every text is exactly what the sender wrote (attacker input). */
export interface ParsedSyslog {
  format: 'rfc3164' | 'rfc5424' | 'unknown';
  facility: number | null;
  severity: number | null;
  timestamp: string | null;
  hostname: string | null;
  app: string | null;
  procId: string | null;
  msgId: string | null;
  structuredData: string | null;
  message: string;
}

export const MAX_SYSLOG_TEXT = 8192;

const PRI = /^<(\d{1,3})>/;
const BSD_TIME = /^([A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}(?:\.\d+)?) /;
const ISO_TIME = /^(\d{4}-\d{2}-\d{2}T[^ ]+) /;
const TAG = /^([^\s[\]:]{1,48})(?:\[([^\]]{0,128})\])?: ?/;

/**
 * Parses one syslog frame as RFC 5424 (`<PRI>1 TIMESTAMP HOST APP PROCID MSGID SD MSG`) or RFC 3164
 * (`<PRI>Mmm dd hh:mm:ss HOST TAG[pid]: MSG`), tolerating the usual deviations of small devices (no
 * timestamp, ISO timestamps in BSD format). A frame without a valid PRI is kept whole as the message.
 */
export function parseSyslog(frame: string): ParsedSyslog {
  const line = frame.replace(/\r?\n$/, '');
  const pri = PRI.exec(line);
  const priValue = pri ? Number(pri[1]) : Number.NaN;
  if (!pri || priValue > 191) return { ...EMPTY, message: cut(line) };
  const facility = Math.floor(priValue / 8);
  const severity = priValue % 8;
  const rest = line.slice(pri[0].length);
  if (/^1 /.test(rest)) return { ...parse5424(rest.slice(2)), facility, severity };
  return { ...parse3164(rest), facility, severity };
}

const EMPTY: ParsedSyslog = {
  format: 'unknown',
  facility: null,
  severity: null,
  timestamp: null,
  hostname: null,
  app: null,
  procId: null,
  msgId: null,
  structuredData: null,
  message: '',
};

function parse3164(rest: string): ParsedSyslog {
  let text = rest;
  let timestamp: string | null = null;
  let hostname: string | null = null;
  const time = BSD_TIME.exec(text) ?? ISO_TIME.exec(text);
  if (time?.[1]) {
    timestamp = time[1];
    text = text.slice(time[0].length);
    // RFC 3164: HOSTNAME follows the timestamp; a word ending in ":" or "[pid]:" is the tag instead.
    const host = /^([^\s:[\]]+) /.exec(text);
    if (host?.[1]) {
      hostname = host[1];
      text = text.slice(host[0].length);
    }
  }
  const tag = TAG.exec(text);
  return {
    ...EMPTY,
    format: 'rfc3164',
    timestamp: cutOrNull(timestamp, 64),
    hostname: cutOrNull(hostname, 255),
    app: tag?.[1] ?? null,
    procId: tag?.[2] ?? null,
    message: cut(tag ? text.slice(tag[0].length) : text),
  };
}

function parse5424(rest: string): ParsedSyslog {
  const fields: (string | null)[] = [];
  let pos = 0;
  for (let i = 0; i < 5; i++) {
    const end = rest.indexOf(' ', pos);
    const token = end === -1 ? rest.slice(pos) : rest.slice(pos, end);
    fields.push(token === '-' ? null : token);
    pos = end === -1 ? rest.length : end + 1;
  }
  const sdEnd = structuredDataEnd(rest, pos);
  const sd = rest.slice(pos, sdEnd);
  let message = rest.slice(sdEnd);
  if (message.startsWith(' ')) message = message.slice(1);
  if (message.startsWith('\uFEFF')) message = message.slice(1);
  const [timestamp, hostname, app, procId, msgId] = fields;
  return {
    ...EMPTY,
    format: 'rfc5424',
    timestamp: cutOrNull(timestamp ?? null, 64),
    hostname: cutOrNull(hostname ?? null, 255),
    app: cutOrNull(app ?? null, 255),
    procId: cutOrNull(procId ?? null, 128),
    msgId: cutOrNull(msgId ?? null, 32),
    structuredData: sd === '-' || sd === '' ? null : cut(sd),
    message: cut(message),
  };
}

/** Index just past the STRUCTURED-DATA: `-`, or `[...]` elements where `\]`, `\"` and `\\` are escaped. */
function structuredDataEnd(text: string, start: number): number {
  if (text[start] !== '[') {
    const space = text.indexOf(' ', start);
    return space === -1 ? text.length : space;
  }
  let i = start;
  while (text[i] === '[') {
    let inQuotes = false;
    i++;
    while (i < text.length) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === '"') inQuotes = !inQuotes;
      else if (c === ']' && !inQuotes) break;
      i++;
    }
    i++;
  }
  return Math.min(i, text.length);
}

function cut(text: string): string {
  return text.length > MAX_SYSLOG_TEXT ? text.slice(0, MAX_SYSLOG_TEXT) : text;
}
function cutOrNull(text: string | null, max: number): string | null {
  return text === null ? null : text.slice(0, max);
}
