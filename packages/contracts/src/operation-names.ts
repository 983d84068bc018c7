/**
 * The operation log's names of the calls, in both languages. Each call is recorded under its
 * endpoint's English `summary` (the spec's `apiName`); the server shows it in the reader's language
 * through the endpoint's `summaryZh`. Which calls are recorded at all: `isRecordedCall` below.
 */
import type { AnyEndpoint } from './endpoint';
import { ENDPOINTS } from './endpoints';
import type { Label, Lang } from './labels';

/** The name of an entry whose path matched no call. */
export const UNKNOWN_CALL = 'Unknown call';

let namesZh: Readonly<Record<string, string>> | undefined;

/**
 * Chinese names by recorded name (English summary), from the endpoints' `summaryZh`. A name no
 * endpoint has any more (an old entry of a renamed call) is not in it. Built on first use, so a web
 * bundle that imports this module without calling it does not carry every endpoint's schemas.
 */
export function operationNamesZh(): Readonly<Record<string, string>> {
  namesZh ??= Object.freeze({
    [UNKNOWN_CALL]: '未知接口',
    ...Object.fromEntries(ENDPOINTS.map((e) => [e.summary, e.summaryZh])),
  });
  return namesZh;
}

/** The recorded name of a call (its English summary) in `lang`; a name without a translation stays as is. */
export function operationName(apiName: string, lang: Lang): string {
  return lang === 'zh' ? (operationNamesZh()[apiName] ?? apiName) : apiName;
}

/** The recorded name in both languages. */
export function operationLabel(apiName: string): Label {
  return { zh: operationName(apiName, 'zh'), en: apiName };
}

/**
 * Whether a call changes data: its `writes` flag, else every method but GET. A GET that writes (spec
 * §7 has several: `update/{id}/status`, `delete/{id}/alert`, `ids`, `updateState`) says `writes: true`;
 * a POST that only reads (a paged query with a body) says `writes: false`.
 */
export function endpointWrites(endpoint: Pick<AnyEndpoint, 'method' | 'writes'>): boolean {
  return endpoint.writes ?? endpoint.method !== 'GET';
}

/**
 * What the operation log keeps: calls that change data (successful or not), sign-in (a POST: both
 * outcomes), and refusals for lack of permission (403) of any call. Reads are left out, and so are
 * GETs to unknown paths; a non-GET to an unknown path is kept (it looks like probing).
 */
export function isRecordedCall(
  endpoint: Pick<AnyEndpoint, 'method' | 'writes'> | undefined,
  method: string,
  status: number,
): boolean {
  if (status === 403) return true;
  return endpoint ? endpointWrites(endpoint) : method !== 'GET';
}
