// A tree's settings as the operator edits them in text fields, and back: capacity, headroom,
// sharing mode, levels (with their join templates) and selector. Pure: unit-tested under Node.

/** The sharing modes of a tree (the config format's "mode"), with what an operator reads. */
export const MODES = [
  { value: 'weighted', label: 'Weighted (guarantees follow the weights)' },
  { value: 'guarantee-excess', label: 'Assured + ceiling, weights share the excess (HTB-like)' },
];

/** Members of a level's join template, in the order they are written. */
const JOIN_KEYS = ['guaranteed', 'weight', 'peak', 'idleTimeout', 'lifetime'];

function joinText(join) {
  if (!join) return '';
  return JOIN_KEYS.filter((k) => join[k] !== undefined && join[k] !== null)
    .map((k) => ` ${k}=${String(join[k]).replace(/\s+/g, '')}`).join('');
}

/** Levels as text: one "name offset length [key=value ...]" line each (key=value: its join template). */
export function formatLevels(levels) {
  return (levels || []).map((l) => `${l.name} ${l.field.offset} ${l.field.length}${joinText(l.join)}`).join('\n');
}

/**
 * "name offset length [guaranteed=… weight=… peak=… idleTimeout=… lifetime=…]" per line → level
 * objects (the key=value members make the level's join template); throws with the line on a bad one.
 */
export function parseLevels(text) {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) throw new Error('at least one level is needed');
  if (lines.length > 8) throw new Error(`${lines.length} levels: a tree has at most 8 below the port`);
  return lines.map((line, i) => {
    const parts = line.split(/\s+/);
    const [name, offset, length] = parts;
    if (parts.length < 3 || name.includes('=') || !/^\d+$/.test(offset) || !/^\d+$/.test(length) || Number(length) === 0) {
      throw new Error(`line ${i + 1} "${line}": expected "name offset length" in bits, e.g. "subnet 240 16"`);
    }
    const level = { name, field: { offset: Number(offset), length: Number(length) } };
    const join = {};
    for (const extra of parts.slice(3)) {
      const m = /^([A-Za-z]+)=(\S+)$/.exec(extra);
      if (!m || !JOIN_KEYS.includes(m[1])) {
        throw new Error(`line ${i + 1}: "${extra}" is not a join template member; use ${JOIN_KEYS.map((k) => `${k}=…`).join(', ')}`);
      }
      join[m[1]] = m[1] === 'weight' && /^[0-9.]+$/.test(m[2]) ? Number(m[2]) : m[2];
    }
    if (Object.keys(join).length) level.join = join;
    return level;
  });
}

/** Members the server writes into a GET answer and ignores (or refuses) in a PUT. */
const ANSWER_ONLY = new Set(['version', 'generation', 'revision', 'etag']);

/**
 * The PUT body that replaces `tree` (as GET .../tree answered it) with new settings, keeping its
 * nodes: `settings` holds any of capacity, eta, mode, levels, selector (null removes the selector).
 */
export function withSettings(tree, settings) {
  const out = {};
  for (const [k, v] of Object.entries(tree)) if (!ANSWER_ONLY.has(k)) out[k] = v;
  for (const [k, v] of Object.entries(settings)) {
    if (v === null || v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** A line rate as the capacity field shows it: "100M", "10G", "2.5G"; '' when not known. */
export function capacityText(bps) {
  if (!bps || bps <= 0) return '';
  for (const [div, unit] of [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']]) {
    if (bps >= div) return `${Number((bps / div).toPrecision(6))}${unit}`;
  }
  return String(bps);
}
