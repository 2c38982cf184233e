// The bandwidth tree as a virtualised tree grid: only the rows inside the scrolled viewport (plus
// a few) are in the DOM, so a port with tens of thousands of nodes scrolls without lag. Keyboard:
// one row is tabbable (roving tabindex); arrows move and open/close, Enter/Space select.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { formatRate, formatRateShort } from '../lib/rates.js';
import { visibleRows, ROOT } from '../lib/tree.js';
import { StateBadge } from './StateBadge.js';

export const ROW_HEIGHT = 30;
const OVERSCAN = 8;

/** A configured figure as it is; an unset one as the server resolves it, marked as implied. */
function Figure({ configured, resolved, format, short = format, impliedBy }) {
  if (configured !== null && configured !== undefined) return format(configured);
  if (resolved === null || resolved === undefined) return '–';
  // A derived figure is rarely round: three significant digits fit the column (the panel has them all).
  return html`<span class="implied" title=${`not set: ${impliedBy} (${format(resolved)})`}>${short(resolved)}<span class="implied-mark" aria-label=${`(${impliedBy})`}>*</span></span>`;
}

function Row({ row, index, node, eff, mode, live, selected, focused, problems, onToggle, onSelect, onFocusRow }) {
  const cls = `tree-row${selected ? ' selected' : ''}${row.match ? ' match' : ''}${problems ? ' problem' : ''}`;
  return html`
    <div role="treeitem" class=${cls} style=${`top:${index * ROW_HEIGHT}px`} id=${`row-${row.id}`} data-node=${row.id} data-index=${index}
         tabindex=${focused ? 0 : -1} aria-level=${row.depth}
         aria-expanded=${row.hasChildren ? String(row.expanded) : undefined}
         aria-selected=${selected ? 'true' : 'false'}
         onClick=${() => onSelect(row.id)} onFocus=${() => onFocusRow(row.id)}>
      <div class="c-name" style=${`padding-left:${(row.depth - 1) * 16 + 4}px`}>
        <span class="twisty" aria-hidden="true"
              onClick=${(e) => { e.stopPropagation(); if (row.hasChildren) onToggle(row.id); }}>
          ${row.hasChildren ? (row.expanded ? '▾' : '▸') : ''}
        </span>
        <span class="node-id">${row.id}</span>
        ${node.template ? html`<span class="tag">template</span>` : null}
        ${node.pinned ? html`<span class="tag">pinned</span>` : null}
        ${problems ? html`<span class="tag tag-error" title=${problems.map((p) => p.message).join('\n')}>⚠ admission</span>` : null}
      </div>
      <div class="c-num c-g"><${Figure} configured=${node.guaranteedBps} resolved=${eff ? eff.guaranteedBps : null} format=${formatRate} short=${formatRateShort}
                                impliedBy=${mode === 'guarantee-excess' ? 'no assured rate (0)' : 'implied by its weight'} /></div>
      <div class="c-num c-opt">${formatRate(node.peakBps)}</div>
      <div class="c-num c-opt"><${Figure} configured=${node.weight} resolved=${eff ? eff.weight : null} format=${(w) => String(Number(w.toPrecision(3)))}
                                impliedBy=${mode === 'guarantee-excess' ? 'default weight 1' : 'derived from the guarantee'} /></div>
      <div class="c-num">${live ? formatRateShort(live.measuredBps) : '–'}</div>
      <div class="c-state"><${StateBadge} live=${live} template=${node.template} /></div>
      <div class="c-num c-opt">${live ? formatRateShort(live.dropBps) : '–'}</div>
      <div class="c-num c-opt">${live ? formatRateShort(live.effectiveLimitBps) : '–'}</div>
    </div>`;
}

export function TreeView({ index, live, effective, mode, selected, onSelect, problems, expanded, setExpanded, search }) {
  const scroller = useRef(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const [focusId, setFocusId] = useState(null);
  const wantFocus = useRef(false);
  const rows = useMemo(() => visibleRows(index, expanded, search), [index, expanded, search]);
  const rowPos = useMemo(() => new Map(rows.map((r, i) => [r.id, i])), [rows]);
  const focusRow = focusId !== null && rowPos.has(focusId) ? focusId : (rows[0] ? rows[0].id : null);
  // Keys can arrive faster than renders: the handler reads the row it last moved to from a ref.
  const focusRef = useRef(focusRow);
  if (!wantFocus.current) focusRef.current = focusRow;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    const measure = () => setHeight(el.clientHeight || 400);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Keep the selected node visible when it is chosen from elsewhere (URL, search, add).
  const selectedVisible = Boolean(selected) && rowPos.has(selected);
  useEffect(() => {
    if (selectedVisible) {
      setFocusId(selected);
      scrollIntoView(rowPos.get(selected));
    }
  }, [selected, selectedVisible]);

  // Move DOM focus to the row the keys asked for, once it is rendered (it always is: see below).
  useEffect(() => {
    if (!wantFocus.current) return;
    const el = document.getElementById(`row-${focusRef.current}`);
    if (el) el.focus({ preventScroll: true });
    if (focusRow === focusRef.current) wantFocus.current = false;
  });

  function scrollIntoView(i) {
    const el = scroller.current;
    if (!el) return;
    const y = i * ROW_HEIGHT;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = y + ROW_HEIGHT - el.clientHeight;
    setScrollTop(el.scrollTop);
  }

  function toggle(id) {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  }

  function moveFocus(i) {
    if (i < 0 || i >= rows.length) return;
    wantFocus.current = true;
    focusRef.current = rows[i].id;
    setFocusId(rows[i].id);
    scrollIntoView(i);
  }

  function onKeyDown(e) {
    const current = focusRef.current !== null && rowPos.has(focusRef.current) ? focusRef.current : focusRow;
    if (current === null) return;
    const i = rowPos.get(current);
    const row = rows[i];
    const node = index.nodes.get(row.id);
    switch (e.key) {
      case 'ArrowDown': moveFocus(i + 1); break;
      case 'ArrowUp': moveFocus(i - 1); break;
      case 'Home': moveFocus(0); break;
      case 'End': moveFocus(rows.length - 1); break;
      case 'PageDown': moveFocus(Math.min(rows.length - 1, i + Math.floor(height / ROW_HEIGHT))); break;
      case 'PageUp': moveFocus(Math.max(0, i - Math.floor(height / ROW_HEIGHT))); break;
      case 'ArrowRight':
        if (row.hasChildren && !row.expanded) toggle(row.id);
        else if (row.hasChildren) moveFocus(i + 1);
        break;
      case 'ArrowLeft':
        if (row.hasChildren && row.expanded && !search) toggle(row.id);
        else if (node.parent !== null && rowPos.has(node.parent)) moveFocus(rowPos.get(node.parent));
        break;
      case 'Enter':
      case ' ':
        onSelect(row.id);
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const shown = rows.slice(first, last).map((r, k) => [r, first + k]);
  // The tabbable row stays in the DOM even when scrolled away, so Tab always lands in the tree.
  if (focusRow !== null && (rowPos.get(focusRow) < first || rowPos.get(focusRow) >= last)) {
    shown.push([rows[rowPos.get(focusRow)], rowPos.get(focusRow)]);
  }
  const rootProblems = problems && problems.get(ROOT);

  return html`
    <div class="tree-grid">
      <div class="tree-head" aria-hidden="true">
        <div class="c-name">Node</div>
        <div class="c-num c-g">${mode === 'guarantee-excess' ? 'Assured' : 'Guaranteed'}</div>
        <div class="c-num c-opt">${mode === 'guarantee-excess' ? 'Ceiling' : 'Peak'}</div>
        <div class="c-num c-opt">Weight</div>
        <div class="c-num">Measured</div>
        <div class="c-state">State</div>
        <div class="c-num c-opt">Drop</div>
        <div class="c-num c-opt" title="lowest cap on the path from the port to this node">Effective limit</div>
      </div>
      ${rootProblems ? html`<div class="root-problems" role="alert">${rootProblems.map((p) => html`<div>⚠ ${p.message}</div>`)}</div>` : null}
      <div class="tree-scroll" ref=${scroller} onScroll=${(e) => setScrollTop(e.currentTarget.scrollTop)}>
        ${rows.length === 0
          ? html`<div class="empty">${search ? `No node matches "${search}".` : 'No nodes yet: add the first one under the port.'}</div>`
          : null}
        <div class="tree-body" role="tree" aria-label="bandwidth tree" onKeyDown=${onKeyDown}
             style=${`height:${rows.length * ROW_HEIGHT}px`}>
          ${shown.map(([r, i]) => html`
            <${Row} key=${r.id} row=${r} node=${index.nodes.get(r.id)} live=${live && live.get(r.id)}
                    eff=${effective && effective.get(r.id)} mode=${mode}
                    selected=${r.id === selected} focused=${r.id === focusRow}
                    problems=${problems && problems.get(r.id)} index=${i}
                    onToggle=${toggle} onSelect=${onSelect} onFocusRow=${setFocusId} />`)}
        </div>
      </div>
      <div class="tree-legend hint"><span class="implied-mark">*</span> not set on the node: ${mode === 'guarantee-excess'
        ? 'no assured rate (0) and weight 1, what the allocation uses'
        : 'the guarantee its weight implies (or the weight its guarantee implies), what admission uses'}</div>
    </div>`;
}
