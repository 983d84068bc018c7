/** What the operation log keeps of a request: query and body, secrets masked, size bounded. */

/**
 * Field names whose values are secrets, matched anywhere in the name (case-insensitive): passwords and
 * tokens, keys (securityKey, the SNMPv3 authKey / privKey), SNMP v2c communities (`community`, which
 * grants read access to the device), v3 pass phrases (authPassword, privPassword, …Passphrase) and
 * two-step sign-in codes (`passcode`: a recovery code signs in).
 */
const SECRET_KEY = /password|passphrase|passcode|token|secret|key|authorization|community|credential/i;
export const MASK = '******';
const MAX_LENGTH = 4000;
const MAX_DEPTH = 8;

const HTTP_URL = /^https?:\/\/\S+$/i;

/**
 * An http(s) URL with the values of its secret-looking query parameters (`?apikey=…`, `&token=…`) and its
 * user-info password masked: SMS gateways often take their key in the URL (a provider's URL setting).
 * Any other text is returned as it is.
 */
function maskUrl(text: string): string {
  if (!HTTP_URL.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  let changed = false;
  for (const key of new Set(url.searchParams.keys())) {
    if (!SECRET_KEY.test(key)) continue;
    url.searchParams.set(key, MASK);
    changed = true;
  }
  if (url.password) {
    url.password = MASK;
    changed = true;
  }
  return changed ? url.toString() : text;
}

/**
 * A copy of `value` with the value of every key that looks like a secret replaced by `******`, and
 * secret query parameters of http(s) URLs masked wherever they sit.
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '…';
  if (typeof value === 'string') return maskUrl(value);
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? MASK : maskSecrets(inner, depth + 1);
    }
    return out;
  }
  return value;
}

/** The reqData column: `{"query":…,"body":…}` with secrets masked, cut at 4000 characters. */
export function requestData(query: unknown, body: unknown): string {
  const data: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length > 0) data.query = maskSecrets(query);
  if (body !== undefined && (typeof body !== 'object' || body === null || !Buffer.isBuffer(body))) {
    data.body = maskSecrets(body);
  }
  const text = JSON.stringify(data) ?? '{}';
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}
