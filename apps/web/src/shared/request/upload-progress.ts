/**
 * Sending a body with upload progress. `fetch` cannot report how much of a request body has gone out, so
 * an upload that shows a progress bar (the inventory import) is sent with XMLHttpRequest and its answer
 * handed back as a `Response`, so the request client reads it exactly as it reads a fetch answer (§8).
 */

/** The share of the body sent so far, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/** The fraction of an upload's progress event; 0 when the size is not known yet. */
export function progressFraction(loaded: number, total: number, known: boolean): number {
  if (!known || total <= 0) return 0;
  return Math.min(1, Math.max(0, loaded / total));
}

/** Response headers as XMLHttpRequest gives them (`name: value` lines) read into `Headers`. */
export function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    // A malformed name from a proxy is skipped rather than failing the whole answer.
    try {
      headers.append(name, line.slice(colon + 1).trim());
    } catch {
      // ignored
    }
  }
  return headers;
}

/**
 * Sends `body` like `fetch(url, { method, headers, body, signal })` would, calling `onProgress` while it
 * goes out. Rejects with a TypeError when the network fails (as fetch does) and an AbortError on abort.
 */
export function sendWithProgress(
  method: string,
  url: string,
  headers: Headers,
  body: XMLHttpRequestBodyInit,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = 'blob';
    for (const [name, value] of headers) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress(progressFraction(event.loaded, event.total, event.lengthComputable));
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      onProgress(1);
      resolve(
        new Response(xhr.status === 204 || xhr.status === 304 ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.ontimeout = () => reject(new TypeError('network timeout'));
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', abort, { once: true });
      xhr.onloadend = () => signal.removeEventListener('abort', abort);
    }
    xhr.send(body);
  });
}
