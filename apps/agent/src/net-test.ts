/**
 * The `netTest` command: from the box, against each net-test address in turn, 4 pings (delay, jitter,
 * loss, through the same system `ping` the device probes use), an HTTP GET of the download URL and an
 * HTTP POST of a generated body to the upload URL. Each part is bounded in bytes and time so a whole
 * command of NET_TEST_MAX_TARGETS targets answers well within the 30 s the protocol allows; a part that
 * fails carries its error text and the others still run.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import { pingHost } from '@storefleet/agent-link';
import type { NetTestResult, NetTestTarget, NetTestTargetResult } from '@storefleet/contracts';

export interface NetTestLimits {
  /** Most bytes read from a download URL (default 8 MiB). */
  downloadBytes: number;
  /** Bytes posted to an upload URL (default 2 MiB). */
  uploadBytes: number;
  /** Longest a download or an upload may take (default 3 s); what moved until then counts. */
  transferMs: number;
}

export const DEFAULT_NET_TEST_LIMITS: NetTestLimits = {
  downloadBytes: 8 * 1024 * 1024,
  uploadBytes: 2 * 1024 * 1024,
  transferMs: 3_000,
};

export interface NetTestDeps {
  ping?: typeof pingHost;
  limits?: Partial<NetTestLimits>;
}

/** Runs the test against every target, one after the other. */
export async function runNetTest(targets: NetTestTarget[], deps: NetTestDeps = {}): Promise<NetTestResult> {
  const testedAt = new Date().toISOString();
  const limits = { ...DEFAULT_NET_TEST_LIMITS, ...deps.limits };
  const results: NetTestTargetResult[] = [];
  for (const target of targets) results.push(await testTarget(target, limits, deps.ping ?? pingHost));
  return { testedAt, targets: results };
}

async function testTarget(
  target: NetTestTarget,
  limits: NetTestLimits,
  ping: typeof pingHost,
): Promise<NetTestTargetResult> {
  const result: NetTestTargetResult = {
    addressId: target.addressId,
    delayMs: null,
    jitterMs: null,
    lossRate: null,
    downloadBytesPerSecond: null,
    uploadBytesPerSecond: null,
    pingError: null,
    downloadError: null,
    uploadError: null,
  };
  try {
    const summary = await ping(await resolveHost(target.pingHost.trim()));
    result.delayMs = summary.delayMs;
    result.jitterMs = summary.jitterMs;
    result.lossRate = summary.lossRate;
    if (!summary.online) result.pingError = `${target.pingHost} did not answer any echo request`;
  } catch (error) {
    result.pingError = messageOf(error);
  }
  if (target.downloadUrl) {
    try {
      result.downloadBytesPerSecond = await download(target.downloadUrl, limits);
    } catch (error) {
      result.downloadError = messageOf(error);
    }
  }
  if (target.uploadUrl) {
    try {
      result.uploadBytesPerSecond = await upload(target.uploadUrl, limits);
    } catch (error) {
      result.uploadError = messageOf(error);
    }
  }
  return result;
}

/** The address to ping: an IP as is, a host name through the system resolver (first address). */
async function resolveHost(host: string): Promise<string> {
  if (isIP(host) !== 0) return host;
  try {
    return (await lookup(host)).address;
  } catch {
    throw new Error(`Could not resolve the host name ${host}`);
  }
}

function httpUrl(text: string): URL {
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${text} is not an http(s) URL`);
  return url;
}

/** GETs the URL, reading at most `downloadBytes` for at most `transferMs`; bytes per second read. */
async function download(text: string, limits: NetTestLimits): Promise<number> {
  const url = httpUrl(text);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.transferMs);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(url, { signal: controller.signal, redirect: 'follow' });
    if (!response.ok) throw new Error(`The download URL answered HTTP ${response.status}`);
    const reader = response.body?.getReader();
    while (reader && bytes < limits.downloadBytes) {
      const chunk = await reader.read();
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
    }
    await reader?.cancel().catch(() => undefined);
  } catch (error) {
    // Time is up: what arrived until then is the measurement, if anything arrived at all.
    if (!controller.signal.aborted || bytes === 0) throw timedOut(error, controller.signal, limits);
  } finally {
    clearTimeout(timer);
  }
  return rate(bytes, performance.now() - started);
}

/** POSTs `uploadBytes` of generated data within `transferMs`; bytes per second sent. */
async function upload(text: string, limits: NetTestLimits): Promise<number> {
  const url = httpUrl(text);
  const body = new Uint8Array(limits.uploadBytes);
  for (let i = 0; i < body.length; i += 4096) body[i] = i & 0xff;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.transferMs);
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream' },
      signal: controller.signal,
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`The upload URL answered HTTP ${response.status}`);
  } catch (error) {
    throw timedOut(error, controller.signal, limits);
  } finally {
    clearTimeout(timer);
  }
  return rate(body.length, performance.now() - started);
}

function timedOut(error: unknown, signal: AbortSignal, limits: NetTestLimits): Error {
  if (signal.aborted) return new Error(`No transfer finished within ${limits.transferMs / 1000} s`);
  return error instanceof Error ? error : new Error(String(error));
}

function rate(bytes: number, ms: number): number {
  return Math.round((bytes * 1000) / Math.max(ms, 1));
}

function messageOf(error: unknown): string {
  const text =
    error instanceof Error
      ? error.cause instanceof Error
        ? `${error.message}: ${error.cause.message}`
        : error.message
      : String(error);
  return text.slice(0, 500);
}
