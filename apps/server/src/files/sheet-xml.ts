/**
 * The XML scanning under the sheet reader (sheet-reader.ts): elements found with indexOf, never a
 * backtracking pattern over the file, so a hostile part costs linear time; a streamed part is cut into
 * its complete elements as it inflates, holding only the unfinished one. A part that is not well formed
 * where the reader needs it throws SheetProblem; one element (a row, a shared string) larger than
 * MAX_ELEMENT_CHARS is refused rather than held.
 */
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';

import type { StreamedPart } from './zip-archive';

/** Why the reader stopped: the part is not what a workbook holds, or one element is past the cap. */
export class SheetProblem extends Error {
  override name = 'SheetProblem';
  constructor(
    readonly reason: 'damaged' | 'element-too-large',
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** One row or shared string larger than this (UTF-16 units) is refused: 10 MiB in one cell still reads. */
export const MAX_ELEMENT_CHARS = 32_000_000;

const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Excel's escape of characters XML cannot hold (`_x000D_` for a carriage return). */
const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

function codePoint(value: number): string {
  return value <= 0x10ffff ? String.fromCodePoint(value) : '\ufffd';
}

/** Text content as written in XML: entities and Excel's `_xHHHH_` escapes decoded. */
export function xmlText(raw: string): string {
  let text = raw;
  if (text.includes('&')) {
    text = text.replace(ENTITY, (_, name?: string, dec?: string, hex?: string) =>
      name ? (NAMED[name] ?? '') : codePoint(dec ? Number(dec) : Number.parseInt(hex ?? '0', 16)),
    );
  }
  if (text.includes('_x'))
    text = text.replace(OOXML_ESCAPE, (_, hex: string) => codePoint(Number.parseInt(hex, 16)));
  return text;
}

/** The value of attribute `name` in a tag's attribute text, or undefined. */
export function attribute(attrs: string, name: string): string | undefined {
  let at = 0;
  for (;;) {
    at = attrs.indexOf(name, at);
    if (at === -1) return undefined;
    const before = at === 0 ? ' ' : attrs[at - 1];
    let next = at + name.length;
    while (attrs[next] === ' ') next++;
    if ((before === ' ' || before === '\t' || before === '\n' || before === '\r') && attrs[next] === '=') {
      next++;
      while (attrs[next] === ' ') next++;
      const quote = attrs[next];
      if (quote === '"' || quote === "'") {
        const end = attrs.indexOf(quote, next + 1);
        if (end !== -1) return xmlText(attrs.slice(next + 1, end));
      }
      return undefined;
    }
    at = next;
  }
}

const isNameEnd = (code: number) =>
  code === 0x20 || code === 0x3e || code === 0x2f || (code >= 9 && code <= 13);

/** Where the next `<tag` element starts at or after `from` (not a longer name such as `<rowBreaks`), or -1. */
export function findOpen(xml: string, tag: string, from: number): number {
  const open = `<${tag}`;
  for (let at = xml.indexOf(open, from); at !== -1; at = xml.indexOf(open, at + open.length)) {
    if (isNameEnd(xml.charCodeAt(at + open.length))) return at;
  }
  return -1;
}

/** One element found in a text: its attribute text and its inner text ('' when self-closing). */
export interface Element {
  attrs: string;
  inner: string;
  /** Just past the element. */
  end: number;
}

/** The `<tag …>…</tag>` or `<tag …/>` starting at `start`; null when the text ends before it does. */
export function elementAt(xml: string, tag: string, start: number): Element | null {
  const tagEnd = xml.indexOf('>', start);
  if (tagEnd === -1) return null;
  const attrsStart = start + tag.length + 1;
  if (xml.charCodeAt(tagEnd - 1) === 0x2f)
    return { attrs: xml.slice(attrsStart, tagEnd - 1), inner: '', end: tagEnd + 1 };
  const close = xml.indexOf(`</${tag}>`, tagEnd + 1);
  if (close === -1) return null;
  return {
    attrs: xml.slice(attrsStart, tagEnd),
    inner: xml.slice(tagEnd + 1, close),
    end: close + tag.length + 3,
  };
}

/** Every `<tag>` element of a whole text (a small part, a row, a cell); one left open is damage. */
export function* elements(xml: string, tag: string): Generator<Element> {
  for (let at = findOpen(xml, tag, 0); at !== -1; ) {
    const element = elementAt(xml, tag, at);
    if (!element) throw new SheetProblem('damaged', `a <${tag}> is not closed`);
    yield element;
    at = findOpen(xml, tag, element.end);
  }
}

/**
 * The complete `<tag>` elements of a streamed part, in order, as it inflates. Only the unfinished
 * element is carried from one chunk to the next; while one is open, new chunks are only searched for
 * its closing tag and kept aside, so a long element costs its length once, not once per chunk. Other
 * requests get a turn between chunks.
 */
export async function* streamedElements(part: StreamedPart, tag: string): AsyncGenerator<Element> {
  const close = `</${tag}>`;
  const decoder = new StringDecoder('utf8');
  /** The text not yet read: an unfinished element (when `open`) or a tail that may start one. */
  let text = '';
  let open = false;
  /** While `open`: the chunks after `text`, their length, and the last characters searched. */
  let later: string[] = [];
  let laterLength = 0;
  let tail = '';
  const take = function* (): Generator<Element> {
    let at = findOpen(text, tag, 0);
    while (at !== -1) {
      const element = elementAt(text, tag, at);
      if (!element) break;
      yield element;
      at = findOpen(text, tag, element.end);
    }
    if (at === -1) {
      // Keep only what could be the start of an element cut by the chunk's end.
      const keep = Math.max(text.lastIndexOf('<'), text.length - tag.length - 1);
      if (keep > 0) text = text.slice(keep);
      open = false;
    } else {
      text = text.slice(at);
      open = true;
      tail = text.slice(-close.length);
    }
  };
  const tooLarge = () =>
    new SheetProblem(
      'element-too-large',
      `${part.name}: one <${tag}> holds more than ${MAX_ELEMENT_CHARS} characters`,
    );
  for await (const chunk of part.chunks()) {
    const piece = decoder.write(chunk);
    if (open && !(tail + piece).includes(close)) {
      later.push(piece);
      laterLength += piece.length;
      tail = (tail + piece).slice(-close.length);
      if (text.length + laterLength > MAX_ELEMENT_CHARS) throw tooLarge();
    } else {
      text = open ? text + later.join('') + piece : text + piece;
      later = [];
      laterLength = 0;
      yield* take();
      if (open && text.length > MAX_ELEMENT_CHARS) throw tooLarge();
    }
    await nextTurn();
  }
  text += later.join('') + decoder.end();
  yield* take();
  if (open) throw new SheetProblem('damaged', `${part.name} ends inside a <${tag}>`);
}

/** The whole text of a small part ('' when the workbook has none). */
export async function wholeText(part: StreamedPart | undefined): Promise<string> {
  if (!part) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of part.chunks()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
