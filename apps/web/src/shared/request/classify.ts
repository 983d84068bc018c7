import { SUCCESS_CODE } from '@storefleet/contracts';

/** An error notice the console shows (antd notification): a title and an optional description. */
export interface Notice {
  title: string;
  description?: string;
}

/** What came back from one call, reduced to the facts spec §8 decides on. */
export interface ReplyFacts {
  status: number;
  /**
   * The notice title for a failed reply in the console's language, from the body code (the ERRORS
   * catalogue) or else the status: never the HTTP status text, which is English whatever the console says.
   */
  titleOf: (code: string | null, status: number) => string;
  /** The parsed JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
  /** True when the call asked for a file and got a non-JSON reply (a binary download). */
  binary: boolean;
  /** Whether the request carried a session token. */
  hadToken: boolean;
  /** The error text used when the body gives none, e.g. "Request failed with status code 502". */
  errorMessage: string;
}

export type ReplyOutcome =
  | { kind: 'data'; data: unknown }
  | { kind: 'binary' }
  | {
      kind: 'failure';
      status: number;
      /** The body code when the body had one. */
      code: string | null;
      /** The most useful text for the person: server message, msg, or the error message. */
      message: string;
      /** The notice to show, or null when spec §8 shows none (a 401 without a token). */
      notice: Notice | null;
      /** A 401: the session must be cleared and the user sent to sign.html. */
      signOut: boolean;
    };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function field(body: unknown, name: 'code' | 'message' | 'msg' | 'data'): unknown {
  return typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Classifies a reply exactly as spec §8 says:
 * - a successful HTTP reply whose body code is not the string "200" is a failure (binary downloads
 *   excepted) and its notice shows the server message;
 * - HTTP 401 signs the user out; only when a token was sent is a notice shown (title + message);
 * - any other HTTP error shows a title and the body `msg` as description, or, without a `msg`, the
 *   server message or the error message.
 * Spec §8 titles with the status text; the console titles in its own language instead (`titleOf`).
 */
export function classifyReply(facts: ReplyFacts): ReplyOutcome {
  const { status, body } = facts;
  const rawCode = field(body, 'code');
  const code = rawCode === undefined || rawCode === null ? null : String(rawCode);
  const title = facts.titleOf(code, status);
  const serverMessage = text(field(body, 'message'));
  const msg = text(field(body, 'msg'));

  if (status >= 200 && status < 300) {
    if (facts.binary) return { kind: 'binary' };
    if (rawCode === SUCCESS_CODE) return { kind: 'data', data: field(body, 'data') };
    const message = serverMessage ?? msg ?? facts.errorMessage;
    return { kind: 'failure', status, code, message, notice: { title: message }, signOut: false };
  }

  if (status === 401) {
    const message = serverMessage ?? msg ?? facts.errorMessage;
    const notice = facts.hadToken ? { title, description: message } : null;
    return { kind: 'failure', status, code, message, notice, signOut: true };
  }

  if (msg)
    return {
      kind: 'failure',
      status,
      code,
      message: msg,
      notice: { title, description: msg },
      signOut: false,
    };
  // Our server always sends `message`; it says more than a generic error text, so it is the error message here.
  const message = serverMessage ?? facts.errorMessage;
  return {
    kind: 'failure',
    status,
    code,
    message,
    notice: { title, description: message },
    signOut: false,
  };
}
