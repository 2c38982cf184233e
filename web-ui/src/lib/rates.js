// Rates as the REST API speaks them: bits/s numbers on output, unit strings on input.
// The parsing rules mirror the server's (org.hsdba.model.Rate) so the page can point at a bad
// unit before a request is even sent; the server stays the judge.

const PREFIX = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 };
// 'bit' as tc writes it (100mbit); bps is bits here, where tc's mbps would be megabytes.
const SUFFIXES = new Set(['', 'bps', 'b/s', 'bit/s', 'bit']);
const SYNTAX = /^([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(\S*)$/;
const UNIT_HINT = "(use bps, k, M, G, T, or tc's kbit, mbit, gbit)";

/**
 * Parses "250M", "1.5 Gb/s", "100k", "800000" into bits/s. With allowUnlimited, "unlimited" gives
 * Infinity. Throws an Error whose message says what is wrong with the text.
 */
export function parseRate(text, { allowUnlimited = false } = {}) {
  if (typeof text === 'number') {
    if (!Number.isFinite(text) || text < 0) throw new Error(`${text}: not a rate`);
    return text;
  }
  const t = String(text ?? '').trim();
  if (t === '') throw new Error(`empty rate ${UNIT_HINT}`);
  if (t.toLowerCase() === 'unlimited') {
    if (allowUnlimited) return Infinity;
    throw new Error(`"${t}": unlimited is only allowed for a peak rate`);
  }
  if (t.startsWith('-')) throw new Error(`"${t}": rates cannot be negative`);
  const m = SYNTAX.exec(t);
  if (!m) throw new Error(`"${t}": not a rate; expected a number and a unit, e.g. 2.5G or 100Mbps`);
  const unit = m[2];
  let prefix = PREFIX[unit.charAt(0).toLowerCase()];
  let suffix = unit.slice(1);
  if (prefix === undefined || unit === '') {
    prefix = 1;
    suffix = unit;
  }
  if (!SUFFIXES.has(suffix)) {
    if (suffix.startsWith('B')) {
      throw new Error(`"${t}": bytes ("B") are not accepted; rates are in bits, e.g. 8Gbps or 8G`);
    }
    throw new Error(`"${t}": unknown unit "${unit}" ${UNIT_HINT}`);
  }
  return Math.round(Number(m[1]) * prefix);
}

const UNITS = ['b/s', 'kb/s', 'Mb/s', 'Gb/s', 'Tb/s'];

/** "2.5 Gb/s", "1.667 Gb/s", "0 b/s", "unlimited"; "–" for a missing value. */
export function formatRate(bps, digits = 3) {
  if (bps === null || bps === undefined || Number.isNaN(bps)) return '–';
  if (bps === Infinity) return 'unlimited';
  let i = 0;
  let v = Math.abs(bps);
  while (v >= 1000 && i < UNITS.length - 1) {
    v /= 1000;
    i += 1;
  }
  const rounded = Number(v.toFixed(digits));
  return `${bps < 0 ? '-' : ''}${rounded} ${UNITS[i]}`;
}

/** Three significant digits for tight table cells: "352 Mb/s", "2.35 Gb/s", "0 b/s". */
export function formatRateShort(bps) {
  if (bps === null || bps === undefined || Number.isNaN(bps) || bps === Infinity) return formatRate(bps);
  let i = 0;
  let v = Math.abs(bps);
  while (v >= 999.5 && i < UNITS.length - 1) {
    v /= 1000;
    i += 1;
  }
  return `${bps < 0 ? '-' : ''}${Number(v.toPrecision(3))} ${UNITS[i]}`;
}

/** A percentage with one decimal, or "–" when the base is zero or unknown. */
export function formatPercent(part, whole) {
  if (!whole || part === null || part === undefined) return '–';
  return `${(100 * part / whole).toFixed(1)} %`;
}
