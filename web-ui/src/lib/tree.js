// Pure functions over a port's bandwidth tree as GET .../tree returns it (the config format of
// docs/config-format.md: a flat "nodes" list where each node names its "parent", no parent = child
// of the port root, and its match as "key" and "mask" strings).
// Nothing here touches the DOM or the network, so it is unit-tested under plain Node.

import { parseRate } from './rates.js';

/** Key of the port root in the children map (node ids are never empty). */
export const ROOT = '';

function rateOf(numeric, text, allowUnlimited) {
  if (typeof numeric === 'number') return numeric;
  if (numeric === null && allowUnlimited) return Infinity;
  if (text === undefined || text === null || text === '') return allowUnlimited ? Infinity : null;
  try {
    return parseRate(text, { allowUnlimited });
  } catch (e) {
    return null;
  }
}

/** The match of a node as {value, mask} (mask null = exact): config format or REST node shape. */
export function keyOfNode(n) {
  if (n.key === undefined || n.key === null || n.key === '') return null;
  if (typeof n.key === 'object') return { value: n.key.value ?? '', mask: n.key.mask ?? null };
  return { value: String(n.key), mask: n.mask ?? null };
}

/** A config-format node as the page shows it: numbers in bits/s, Infinity = no peak. */
export function nodeView(n) {
  return {
    id: n.id,
    parent: n.parent ?? null,
    key: keyOfNode(n),
    guaranteedBps: rateOf(n.guaranteedBps, n.guaranteed, false),
    weight: typeof n.weight === 'number' ? n.weight : (n.weight ? Number(n.weight) : null),
    peakBps: rateOf(n.peakBps, n.peak, true),
    template: Boolean(n.template),
    pinned: Boolean(n.pinned),
  };
}

/**
 * Indexes a tree for fast lookups: node views by id, children per parent (in file order), depth
 * (1 = directly under the port) and the position of each node in the "nodes" list (for mapping a
 * JSON pointer such as /nodes/3/guaranteed back to a node).
 */
export function indexTree(tree) {
  const list = (tree && Array.isArray(tree.nodes)) ? tree.nodes : [];
  const nodes = new Map();
  const position = new Map();
  const children = new Map([[ROOT, []]]);
  list.forEach((raw, i) => {
    const v = nodeView(raw);
    nodes.set(v.id, v);
    position.set(v.id, i);
  });
  for (const v of nodes.values()) {
    const p = v.parent !== null && nodes.has(v.parent) ? v.parent : ROOT;
    if (!children.has(p)) children.set(p, []);
    children.get(p).push(v.id);
  }
  const depth = new Map();
  const stack = children.get(ROOT).map((id) => [id, 1]);
  while (stack.length) {
    const [id, d] = stack.pop();
    depth.set(id, d);
    for (const c of children.get(id) || []) stack.push([c, d + 1]);
  }
  return { nodes, children, depth, position };
}

export function childrenOf(index, id) {
  return index.children.get(id ?? ROOT) || [];
}

/** The node and all its descendants, parents before children. */
export function subtree(index, id) {
  const out = [];
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop();
    out.push(cur);
    const kids = childrenOf(index, cur);
    for (let i = kids.length - 1; i >= 0; i -= 1) stack.push(kids[i]);
  }
  return out;
}

/** Ancestors of a node, nearest first (the port root is not included). */
export function ancestors(index, id) {
  const out = [];
  let cur = index.nodes.get(id);
  while (cur && cur.parent !== null && index.nodes.has(cur.parent)) {
    out.push(cur.parent);
    cur = index.nodes.get(cur.parent);
  }
  return out;
}

/** Where a node may be moved: the port root (null) and every node outside its own subtree. */
export function moveTargets(index, id) {
  const own = new Set(subtree(index, id));
  const current = index.nodes.get(id)?.parent ?? null;
  const out = current === null ? [] : [null];
  for (const n of index.nodes.values()) {
    if (!own.has(n.id) && !n.template && n.id !== current) out.push(n.id);
  }
  return out;
}

function matches(view, needle) {
  if (view.id.toLowerCase().includes(needle)) return true;
  const k = view.key;
  return Boolean(k) && `${k.value} ${k.mask ?? ''}`.toLowerCase().includes(needle);
}

/**
 * The rows to draw: a depth-first walk that descends only into expanded nodes. With a search
 * text, only matching nodes and their ancestors are kept, and those ancestors are opened so every
 * match is visible. Cost O(visible rows) without a search, O(nodes) with one.
 */
export function visibleRows(index, expanded, search = '') {
  const needle = search.trim().toLowerCase();
  let keep = null;
  if (needle) {
    keep = new Set();
    for (const v of index.nodes.values()) {
      if (matches(v, needle)) {
        keep.add(v.id);
        for (const a of ancestors(index, v.id)) {
          if (keep.has(a)) break;
          keep.add(a);
        }
      }
    }
  }
  const rows = [];
  const stack = [];
  const pushKids = (parent, depth) => {
    const kids = childrenOf(index, parent);
    for (let i = kids.length - 1; i >= 0; i -= 1) {
      if (!keep || keep.has(kids[i])) stack.push([kids[i], depth]);
    }
  };
  pushKids(ROOT, 1);
  while (stack.length) {
    const [id, depth] = stack.pop();
    const kids = childrenOf(index, id);
    const hasChildren = kids.length > 0;
    const open = hasChildren && (keep ? kids.some((k) => keep.has(k)) : expanded.has(id));
    rows.push({ id, depth, hasChildren, expanded: open, match: keep ? matches(index.nodes.get(id), needle) : false });
    if (open) pushKids(id, depth + 1);
  }
  return rows;
}

/**
 * True when the nodes `ids` (and, with subtreeOf, the whole subtree under that node) are the same
 * in both versions of a tree: a write refused with 409 because of changes elsewhere (a node that
 * joined by packet-in under another parent, say) can then be retried on the new version, while a
 * change to what the operator edited stays a conflict.
 */
export function unchangedFor(oldTree, newTree, ids, subtreeOf = null) {
  const docs = (t) => new Map(((t && t.nodes) || []).map((n) => [n.id, JSON.stringify(n)]));
  const a = docs(oldTree);
  const b = docs(newTree);
  const check = new Set(ids.filter((id) => id !== null && id !== undefined));
  if (subtreeOf !== null) {
    for (const id of subtree(indexTree(oldTree), subtreeOf)) check.add(id);
    for (const id of subtree(indexTree(newTree), subtreeOf)) check.add(id);
  }
  for (const id of check) if (a.get(id) !== b.get(id)) return false;
  return true;
}

const NODE_FIELDS = new Set(['id', 'parent', 'key', 'mask', 'guaranteed', 'weight', 'peak', 'template', 'pinned']);

/**
 * Groups admission violations by the node and field they concern. A violation names its node
 * directly or through a JSON pointer into the tree that was sent (/nodes/3/guaranteed); a pointer
 * ending in a node member (/edit/node/peak, /nodes/3/guaranteed) says which input to mark;
 * editedNode is the node an edit preview changes, for problems that do not name one.
 * Violations that concern no node land under ROOT.
 */
export function violationsByNode(violations, sentTree = null, editedNode = null) {
  const out = new Map();
  const list = (sentTree && sentTree.nodes) || [];
  for (const v of violations || []) {
    const pointer = v.pointer || '';
    // A problem inside an edit's own members (/edit/changes/key) is about the edited node.
    let node = v.node ?? (editedNode !== null && pointer.startsWith('/edit') ? editedNode : null);
    let field = null;
    const m = /\/nodes\/(\d+)(?:\/([^/]+))?/.exec(pointer);
    if (m) {
      if (node === null && list[Number(m[1])]) node = list[Number(m[1])].id;
      field = m[2] || null;
    } else {
      const last = pointer.split('/').pop();
      field = NODE_FIELDS.has(last) ? last : null;
    }
    const key = node ?? ROOT;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push({ field, message: v.message, pointer: v.pointer ?? null });
  }
  return out;
}
