// A tree's port selector (docs/config-format.md): which traffic leaves by the tree's port when the
// switch has several trees, as {field: {offset, length}, key, mask?}. Pure, unit-tested under Node.
// Only the form is checked here; whether the value fits the field, and the per-device rules (one
// field, at most one tree without a selector, nesting), are the server's to say.

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const HEX = /^0x[0-9a-f]+$/i;

/**
 * The two form inputs ("offset length" in bits, and "value[/mask]") → a selector, or null when both
 * are empty (no selector: the tree takes what no other tree selects). Throws an Error whose
 * `input` says which of the two ('field' or 'value') is wrong.
 */
export function parseSelector(fieldText, valueText) {
  const f = fieldText.trim();
  const v = valueText.trim();
  if (!f && !v) return null;
  if (!f) throw bad('field', 'give the field the value is on, "offset length" in bits, e.g. "240 32" (IPv4 destination)');
  const parts = f.split(/\s+/);
  if (parts.length !== 2 || !/^\d+$/.test(parts[0]) || !/^\d+$/.test(parts[1]) || Number(parts[1]) === 0) {
    throw bad('field', `"${f}": expected "offset length" in bits, e.g. "240 32" (IPv4 destination) or "0 48" (destination MAC)`);
  }
  const field = { offset: Number(parts[0]), length: Number(parts[1]) };
  if (!v) throw bad('value', 'give the value the traffic must have, e.g. 10.9.0.0/16 or 0x020000000003');
  const slash = v.indexOf('/');
  const value = slash < 0 ? v : v.slice(0, slash);
  const suffix = slash < 0 ? null : v.slice(slash + 1);
  if (!HEX.test(value) && !IPV4.test(value)) {
    throw bad('value', `"${value}": expected a hex value (0x…) or an IPv4 address`);
  }
  if (suffix === null) return { field, key: value };
  if (HEX.test(suffix)) return { field, key: value, mask: suffix };
  // A CIDR prefix length stays in the key, as the server reads it (32-bit fields only).
  if (IPV4.test(value) && /^\d{1,2}$/.test(suffix)) return { field, key: v };
  throw bad('value', `"/${suffix}": after "/" give a hex mask (0x…) or, for an IPv4 value, a prefix length`);
}

/** How the page shows a selector: "bits 240–271 (IPv4 destination) = 10.9.0.0/16". */
export function formatSelector(sel) {
  if (!sel || !sel.field) return null;
  const { offset, length } = sel.field;
  const known = KNOWN_FIELDS[`${offset}/${length}`];
  const key = typeof sel.key === 'object' && sel.key !== null ? sel.key.value : sel.key;
  const mask = typeof sel.key === 'object' && sel.key !== null ? sel.key.mask : sel.mask;
  return `bits ${offset}–${offset + length - 1}${known ? ` (${known})` : ''} = ${key}${mask ? ` mask ${mask}` : ''}`;
}

const KNOWN_FIELDS = {
  '0/48': 'destination MAC',
  '48/48': 'source MAC',
  '208/32': 'IPv4 source',
  '240/32': 'IPv4 destination',
};

function bad(input, message) {
  const e = new Error(message);
  e.input = input;
  return e;
}
