// Shared by the browser tests: where the lab is, a small REST client for checking what the page
// did, and the headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core).
import { chromium } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const PAGE_URL = process.env.HSDBA_URL;
export const USER = process.env.HSDBA_USER || 'onos';
export const PASSWORD = process.env.HSDBA_PASSWORD || 'rocks';
export const SHOTS = process.env.HSDBA_SCREENSHOTS || path.resolve(here, '../../docs/screenshots');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

if (!PAGE_URL) {
  throw new Error('HSDBA_URL is not set: run the browser tests with web-ui/e2e/run.sh, which starts the lab and sets it');
}

export const API = new URL('../v1/', new URL('.', PAGE_URL)).href;
const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

/** A REST call to the lab; resolves to {status, body, etag}. */
export async function rest(method, p, body, headers = {}) {
  const res = await fetch(API + p, {
    method,
    headers: { Authorization: AUTH, Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
  const tag = res.headers.get('etag');
  return { status: res.status, body: json, text, etag: tag ? tag.replace(/^W\//, '').replace(/"/g, '') : null };
}

export function portPath(device, port) {
  return `devices/${encodeURIComponent(device)}/ports/${port}`;
}

export async function launch(viewport = { width: 1440, height: 960 }) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await login(page);
  return { browser, context, page, problems };
}

/**
 * Logs in as an operator does on the lab: the page without credentials leads to the login form;
 * the session it starts (a cookie) is what the page's requests then carry.
 */
export async function login(page) {
  await page.goto(PAGE_URL);
  await page.locator('form[action$="/login"]').waitFor();
  await page.fill('#user', USER);
  await page.fill('#password', PASSWORD);
  await Promise.all([page.waitForURL((u) => u.pathname.endsWith('/ui/')), page.click('button:has-text("Log in")')]);
}

export async function shot(page, name, { fullPage = true } = {}) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Polls fn until it returns a truthy value; throws with `what` after ms. */
export async function eventually(fn, what, ms = 15000, every = 250) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, every));
  }
}

// --- match keys the test's nodes can use without overlapping their siblings ---

function keyBits(text, maskText, widthBits, lengthBits) {
  const full = ((1n << BigInt(lengthBits)) - 1n) << BigInt(widthBits - lengthBits);
  const ip = /^(\d+)\.(\d+)\.(\d+)\.(\d+)(?:\/(\d+))?$/.exec(text);
  if (ip) {
    const v = ip.slice(1, 5).reduce((acc, o) => (acc << 8n) | BigInt(o), 0n);
    const prefix = ip[5] === undefined ? 32 : Number(ip[5]);
    const m = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(32 - prefix);
    return { v: v << BigInt(widthBits - 32), m: m << BigInt(widthBits - 32) };
  }
  const hex = (s) => {
    const digits = s.replace(/^0x/i, '');
    return BigInt(`0x${digits || '0'}`) << BigInt(Math.max(0, widthBits - digits.length * 4));
  };
  return { v: hex(text), m: maskText ? hex(maskText) & full : full };
}

/**
 * A hex key for a new node under `parent` (null = the port) that overlaps none of its siblings'
 * keys, written left-aligned in whole bytes as the config format reads it.
 */
export function freeKey(tree, parent, seed = 1) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  let depth = 1;
  for (let p = parent; p; p = byId.get(p)?.parent) depth += 1;
  const level = tree.levels[depth - 1];
  if (!level) throw new Error(`no level ${depth} in the tree (it has ${tree.levels.length})`);
  const length = level.field.length;
  const width = Math.ceil(length / 8) * 8;
  const full = ((1n << BigInt(length)) - 1n) << BigInt(width - length);
  const siblings = tree.nodes.filter((n) => (n.parent ?? null) === parent && !n.template && n.key)
    .map((n) => keyBits(String(n.key), n.mask, width, length));
  // The server refuses a key its parent's key excludes on the bits their fields share: take those bits from the parent.
  const parentNode = parent ? byId.get(parent) : null;
  const parentLevel = parentNode ? tree.levels[depth - 2] : null;
  const inParent = (v) => {
    if (!parentNode || !parentNode.key || !parentLevel) return v;
    const pl = parentLevel.field.length;
    const pw = Math.ceil(pl / 8) * 8;
    const pk = keyBits(String(parentNode.key), parentNode.mask, pw, pl);
    for (let i = 0; i < length; i += 1) {
      const j = level.field.offset + i - parentLevel.field.offset;
      if (j < 0 || j >= pl || ((pk.m >> BigInt(pw - 1 - j)) & 1n) === 0n) continue;
      const bit = (pk.v >> BigInt(pw - 1 - j)) & 1n;
      const sh = BigInt(width - 1 - i);
      v = (v & ~(1n << sh)) | (bit << sh);
    }
    return v;
  };
  let x = BigInt(seed) * 2654435761n;
  for (let i = 0; i < 5000; i += 1) {
    x = (x * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    const v = inParent((x << BigInt(width)) >> 64n & full);
    if (siblings.every((s) => (s.v & s.m & full) !== (v & s.m & full))) {
      return `0x${v.toString(16).padStart(width / 4, '0')}`;
    }
  }
  throw new Error(`no free ${length}-bit key under ${parent ?? 'the port'}`);
}
