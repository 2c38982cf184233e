// The page: device and port choice, the port's tree with live figures, the selected node's panel,
// import/export/undo, and the event log. All data comes from the REST API (lib/api.js).
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { usePoll, readHash, writeHash } from './hooks.js';
import { indexTree, ancestors, unchangedFor } from '../lib/tree.js';
import { mergeSamples, sampleFromState } from '../lib/series.js';
import { TreeView } from './TreeView.js';
import { NodePanel } from './NodePanel.js';
import { AddForm } from './editors.js';
import { CreateTree } from './CreateTree.js';
import { EventLog } from './EventLog.js';
import { UtilisationBar } from './RateChart.js';
import { Banners, ConflictBanner, ImportErrors } from './Banners.js';
import { TopBar } from './TopBar.js';
import { formatSelector } from '../lib/selector.js';
import { withSettings } from '../lib/settings.js';
import { TreeSettings } from './TreeSettings.js';
import { Parameters } from './Parameters.js';

const EMPTY_INDEX = indexTree({ nodes: [] });

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function App({ api }) {
  const [conn, setConn] = useState({ status: 'ok' });
  const [kick, setKick] = useState(0);
  const [devices, setDevices] = useState(null);
  const [sel, setSel] = useState(readHash);
  const [tree, setTree] = useState(undefined); // undefined = loading, null = none on this port
  const [treeError, setTreeError] = useState(null);
  const [portState, setPortState] = useState(null);
  const [samples, setSamples] = useState([]);
  const [events, setEvents] = useState([]);
  const [eventsError, setEventsError] = useState(null);
  const [conflict, setConflict] = useState(null);
  const [opHistory, setOpHistory] = useState({ undo: [], redo: [] }); // the server's, for undo/redo
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  // What the last write was accepted without checking (e.g. the switch is not connected): shown until the next write.
  const [writeWarnings, setWriteWarnings] = useState([]);
  const [importErrors, setImportErrors] = useState(null);
  const [problems, setProblems] = useState(null);
  const [expanded, setExpanded] = useState(new Set());
  const [search, setSearch] = useState('');
  // The side panel: the selected node (or the add form), the tree's settings, or the run-time parameters.
  const [side, setSide] = useState('node');
  // Effective guarantee and weight of every node (set, or implied), as the server resolves them.
  const [effective, setEffective] = useState(new Map());
  // The tree last deleted on a port, kept so that the deletion can be undone (re-created as it was).
  const [deleted, setDeleted] = useState(null);
  // The lab's login session (user and logout), null with BASIC credentials or inside ONOS.
  const [session, setSession] = useState(null);
  useEffect(() => { api.session().then(setSession); }, []);

  const { device, port } = sel;
  const selected = sel.node;
  // Answers that arrive after the operator chose another port are dropped.
  const portKey = `${device}|${port}`;
  const portRef = useRef(portKey);
  portRef.current = portKey;
  const stillOn = (key) => portRef.current === key;

  /** Network and auth failures are page-wide states; returns true when it handled the error. */
  const globalError = useCallback((e) => {
    if (e.unreachable) { setConn({ status: 'down', message: e.message }); return true; }
    if (e.unauthorized) { setConn({ status: 'unauthorized', message: e.message }); return true; }
    return false;
  }, []);
  const ok = useCallback(() => setConn((c) => (c.status === 'ok' ? c : { status: 'ok' })), []);

  const select = useCallback((patch) => {
    setSel((s) => {
      const next = { ...s, ...patch };
      writeHash(next);
      return next;
    });
  }, []);

  // --- devices: pick the first device and managed port when nothing is chosen yet ---
  usePoll(async () => {
    try {
      const list = await api.devices();
      ok();
      setDevices(list);
      setSel((s) => {
        let next = s;
        const dev = list.find((d) => d.id === s.device) || (s.device ? null : list[0]);
        if (!s.device && dev) next = { ...s, device: dev.id };
        if (dev && (next.port === null || next.port === undefined)) {
          const p = (dev.ports || []).find((x) => x.managed) || (dev.ports || [])[0];
          if (p) next = { ...next, port: p.port };
        }
        if (next !== s) writeHash(next);
        return next;
      });
    } catch (e) {
      if (!globalError(e)) setDevices((d) => d || []);
    }
  }, 3000, [kick]);

  // --- the tree of the chosen port: loaded on change, refreshed when its version moves ---
  const loadTree = useCallback(async () => {
    if (!device || port === null || port === undefined) return null;
    const key = portKey;
    try {
      const t = await api.tree(device, port);
      if (!stillOn(key)) return undefined;
      ok();
      setTreeError(null);
      // Joins change the nodes but not the tag: compare both.
      setTree((old) => (old && t && old.etag === t.etag && old.nodes.length === t.nodes.length ? old : t));
      if (t) {
        api.operatorHistory(device, port).then((h) => { if (stillOn(key)) setOpHistory(h); }).catch(() => {});
      } else {
        setOpHistory({ undo: [], redo: [] });
      }
      return t;
    } catch (e) {
      if (!globalError(e)) setTreeError(e.message);
      return undefined;
    }
  }, [device, port]);

  useEffect(() => {
    setTree(undefined);
    setPortState(null);
    setOpHistory({ undo: [], redo: [] });
    setConflict(null);
    setSearch('');
    setNotice('');
    setSide('node');
    setEffective(new Map());
  }, [device, port]);
  usePoll(loadTree, 5000, [device, port, kick], Boolean(device) && port !== null && !busy);

  const index = useMemo(() => (tree ? indexTree(tree) : EMPTY_INDEX), [tree]);

  // The effective figures follow every new copy of the tree (an operator write, or joins).
  useEffect(() => {
    if (!tree) return undefined;
    let stale = false;
    const key = portKey;
    api.nodes(device, port).then((list) => {
      if (!stale && stillOn(key)) setEffective(new Map(list.map((n) => [n.id, n])));
    }, (e) => { globalError(e); });
    return () => { stale = true; };
  }, [tree]);

  // Open the top level on first load, and the path to a node chosen by URL or search.
  useEffect(() => {
    if (!tree) return;
    setExpanded((ex) => {
      const next = new Set(ex);
      if (ex.size === 0) for (const id of index.children.get('') || []) next.add(id);
      if (selected && index.nodes.has(selected)) for (const a of ancestors(index, selected)) next.add(a);
      return next;
    });
  }, [index, selected]);

  // --- live state of the port, every second ---
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  usePoll(async () => {
    const key = portKey;
    try {
      const st = await api.state(device, port);
      if (!stillOn(key)) return;
      ok();
      setPortState(st);
      const s = sampleFromState(st, selectedRef.current);
      if (s) setSamples((old) => mergeSamples(old, [s]));
    } catch (e) {
      if (!globalError(e)) setPortState(null);
    }
  }, 1000, [device, port, kick], Boolean(tree));

  const live = useMemo(() => new Map((portState?.nodes || []).map((n) => [n.id, n])), [portState]);

  // --- history of the selected node ---
  useEffect(() => {
    setSamples([]);
    if (!selected || !tree || !index.nodes.has(selected)) return;
    let stale = false;
    api.history(device, port, selected).then((h) => {
      if (!stale) setSamples((old) => mergeSamples(h, old));
    }, (e) => { globalError(e); });
    return () => { stale = true; };
  }, [device, port, selected, Boolean(tree)]);

  // --- events ---
  usePoll(async () => {
    try {
      setEvents(await api.events(100));
      setEventsError(null);
    } catch (e) {
      if (!globalError(e)) setEventsError(e.message);
    }
  }, 2000, [kick]);

  // --- writes: each carries the version it edited; a 409 means someone else changed the tree ---
  /**
   * action(version) does the request. `touched` ({ids, subtreeOf}) names what the edit depends on:
   * after a 409, if none of that changed (only other nodes did, e.g. joins), the edit is retried
   * once on the new version; otherwise the conflict is shown and nothing is applied.
   */
  async function write(label, action, after, touched = null) {
    // Apply buttons are disabled while the write runs, which drops the keyboard focus: put it back.
    const focusedId = document.activeElement && document.activeElement.id ? document.activeElement.id : null;
    setBusy(true);
    setNotice('');
    setWriteWarnings([]);
    let before = tree;
    try {
      let res;
      try {
        res = await action(before ? before.etag : undefined);
      } catch (e) {
        if (!e.conflict || !touched || !before) throw e;
        const now = await api.tree(device, port);
        if (!now || !unchangedFor(before, now, touched.ids, touched.subtreeOf ?? null)) throw e;
        before = now;
        res = await action(now.etag);
      }
      setWriteWarnings((res && res.data && Array.isArray(res.data.warnings)) ? res.data.warnings : []);
      setConflict(null);
      const t = await loadTree();
      if (after) after(t);
      setNotice(`${label}: done${t && t.version !== undefined ? ` (tree version ${t.version})` : ''}.`);
      return true;
    } catch (e) {
      if (e.conflict) {
        setConflict({ currentVersion: e.currentVersion, message: e.message });
      } else if (!globalError(e)) {
        // A single violation is also the error's message: not repeated.
        const more = (e.details || []).map((d) => d.message).filter((m) => m !== e.message);
        setNotice(`${label} failed: ${e.message}${more.length ? ` — ${more.join('; ')}` : ''}`);
      }
      return false;
    } finally {
      setBusy(false);
      restoreFocus(focusedId);
    }
  }

  /** After a write: focus the element that had it when still there and enabled, else the panel's heading. */
  function restoreFocus(id) {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const el = id ? document.getElementById(id) : null;
      if (el && !el.disabled) { el.focus(); return; }
      const heading = document.querySelector('.side-panel h2[tabindex], main h2[tabindex]');
      if (heading) heading.focus();
    }));
  }

  function applyEdit(edit) {
    switch (edit.kind) {
      case 'add':
        return write(`Add ${edit.doc.id}`, (v) => api.addNode(device, port, edit.doc, v), () => {
          if (edit.doc.parent) setExpanded((ex) => new Set([...ex, edit.doc.parent]));
          select({ node: edit.doc.id });
          if (edit.done) edit.done();
        }, { ids: [edit.doc.id, edit.doc.parent] });
      case 'update':
        // done() runs before the reloaded tree renders, so the form then shows the server's values.
        return write(`Edit ${edit.id}`, (v) => api.updateNode(device, port, edit.id, edit.patch, v).then((r) => {
          if (edit.done) edit.done();
          return r;
        }), null, { ids: [edit.id] });
      case 'move': {
        const from = index.nodes.get(edit.id)?.parent ?? null;
        return write(`Move ${edit.id}`, (v) => api.moveNode(device, port, edit.id, edit.parent, v), () => {
          if (edit.parent) setExpanded((ex) => new Set([...ex, edit.parent]));
          if (edit.done) edit.done();
        }, { ids: [edit.id, from, edit.parent], subtreeOf: edit.id });
      }
      case 'delete': {
        const parent = index.nodes.get(edit.id)?.parent ?? null;
        return write(`Delete ${edit.id}${edit.count > 1 ? ` and ${edit.count - 1} descendants` : ''}`,
          (v) => api.deleteNode(device, port, edit.id, v), () => select({ node: parent }), { ids: [], subtreeOf: edit.id });
      }
      case 'settings':
        // done() runs before the reloaded tree renders, so the form then shows the server's values.
        return write(`Tree settings of port ${port}`, (v) => api.putTree(device, port, edit.tree, v).then((r) => {
          if (edit.done) edit.done();
          return r;
        }));
      case 'create':
        // A refusal (e.g. the switch's selector rules, checked only on apply) goes to the form too.
        return write(`Create the tree of port ${port}`, () => api.putTree(device, port, edit.tree).catch((e) => {
          if (edit.refused && e.status >= 400 && e.status < 500 && !e.conflict && !e.unauthorized) edit.refused(e);
          throw e;
        }));
      default:
        throw new Error(`unknown edit ${edit.kind}`);
    }
  }

  async function deleteTree() {
    if (!tree) return;
    const doc = withSettings(tree, {});
    const done = await write(`Delete the tree of port ${port}`, (v) => api.deleteTree(device, port, v), () => select({ node: null }));
    if (done) setDeleted({ device, port, doc });
  }

  // Undoing a deletion: the tree is created again as it was (a new generation, so old tags stay stale).
  async function restoreTree() {
    if (!deleted) return;
    const { doc } = deleted;
    const done = await write(`Restore the tree of port ${port}`, () => api.putTree(device, port, doc));
    if (done) setDeleted(null);
  }

  // Undo and redo are the server's: the operator's own writes of this tree, joins untouched.
  async function undoLast() {
    if (!tree || opHistory.undo.length === 0) return;
    await write(`Undo "${opHistory.undo[0]}"`, (v) => api.undo(device, port, v));
  }

  async function redoLast() {
    if (!tree || opHistory.redo.length === 0) return;
    await write(`Redo "${opHistory.redo[0]}"`, (v) => api.redo(device, port, v));
  }

  async function exportConfig() {
    try {
      const r = await api.config();
      download('hsdba-config.json', r.data);
      setNotice('Configuration exported as hsdba-config.json.');
    } catch (e) {
      if (!globalError(e)) setNotice(`Export failed: ${e.message}`);
    }
  }

  async function importConfig(file) {
    if (!file) return;
    const text = await file.text();
    setImportErrors(null);
    let shown = false;
    const done = await write(`Import ${file.name}`, async () => {
      try {
        await api.putConfig(text);
      } catch (e) {
        shown = !e.conflict && !e.unreachable && !e.unauthorized;
        if (shown) setImportErrors({ file: file.name, error: e });
        throw e;
      }
    });
    if (done) setOpHistory({ undo: [], redo: [] }); // the server forgets the history on an import
    if (shown) setNotice(''); // the refusal is in its own banner, with every problem
  }

  function reloadAfterConflict() {
    setConflict(null);
    setTree(undefined);
    setKick((k) => k + 1);
  }

  const dev = devices && devices.find((d) => d.id === device);
  const portInfo = dev && (dev.ports || []).find((p) => p.port === port);
  const selectedExists = selected && index.nodes.has(selected);
  const editProps = { api, device, port, tree, index, onApply: applyEdit, busy, onProblems: setProblems, effective };

  return html`
    <${TopBar} devices=${devices} device=${device} port=${port} dev=${dev} busy=${busy}
               undo=${tree ? opHistory.undo[0] : null} redo=${tree ? opHistory.redo[0] : null} onRedo=${redoLast}
               onDevice=${(id) => select({ device: id, port: null, node: null })}
               onPort=${(p) => select({ port: p, node: null })}
               onUndo=${undoLast} onExport=${exportConfig} onImport=${importConfig} session=${session} />
    <${Banners} conn=${conn} devices=${devices} dev=${dev} treeError=${treeError}
                onRetry=${() => setKick((k) => k + 1)} />
    ${conflict ? html`<${ConflictBanner} conflict=${conflict} onReload=${reloadAfterConflict} />` : null}
    ${importErrors ? html`<${ImportErrors} info=${importErrors} onClose=${() => setImportErrors(null)} />` : null}
    <div class="notice" role="status" aria-live="polite">${notice}</div>
    ${writeWarnings.map((w) => html`<div class="notice warning write-warning" role="alert" data-code=${w.code}>Accepted with a warning: ${w.message}</div>`)}
    ${device && port !== null && port !== undefined && tree === null ? html`
      <main class="single"><${CreateTree} ...${editProps} portInfo=${portInfo} onRestore=${restoreTree}
        deleted=${deleted && deleted.device === device && deleted.port === port ? deleted.doc : null} /></main>` : null}
    ${tree ? html`
      <main class="layout">
        <section class="tree-panel" aria-labelledby="tree-title">
          <h2 id="tree-title" class="visually-hidden">Tree of ${device} port ${port}</h2>
          <${UtilisationBar} state=${portState} tree=${tree} />
          ${portState?.warning ? html`<div class="notice warning" role="alert">Warning: ${portState.warning}</div>` : null}
          ${portState?.enforcement ? html`<div class=${`enforcement${portState.enforcement.status === 'enforced' ? '' : ' notice warning'}`}
              role="status" data-status=${portState.enforcement.status}>${capitalized(portState.enforcement.summary)}</div>` : null}
          <div class="tree-selector"><strong>Traffic:</strong> ${tree.selector
            ? html`selector <code>${formatSelector(tree.selector)}</code>`
            : 'all that no other tree of this switch selects (no selector)'}</div>
          <div class="tree-tools">
            <label for="tree-search" class="visually-hidden">Search nodes</label>
            <input id="tree-search" type="search" placeholder="Search by name or match value" value=${search}
                   onInput=${(e) => setSearch(e.currentTarget.value)} />
            <button type="button" onClick=${() => setExpanded(new Set([...index.children.keys()].filter(Boolean)))}>Expand all</button>
            <button type="button" onClick=${() => setExpanded(new Set())}>Collapse all</button>
            <button type="button" onClick=${() => { setSide('node'); select({ node: null }); }}>+ Add under port</button>
            <button type="button" aria-pressed=${String(side === 'settings')} onClick=${() => setSide('settings')}>Tree settings</button>
            <button type="button" aria-pressed=${String(side === 'parameters')} onClick=${() => setSide('parameters')}>Parameters</button>
            <span class="count">${index.nodes.size} nodes · version ${tree.version ?? '?'} · ${tree.mode === 'guarantee-excess' ? 'assured + ceiling' : 'weighted'}</span>
          </div>
          <${TreeView} index=${index} live=${live} selected=${selectedExists ? selected : null} effective=${effective}
                       mode=${tree.mode || 'weighted'}
                       onSelect=${(id) => { setSide('node'); select({ node: id }); }} problems=${problems}
                       expanded=${expanded} setExpanded=${setExpanded} search=${search} />
        </section>
        <aside class="side-panel">
          ${side === 'settings' ? html`<${TreeSettings} key=${`${device}|${port}`} ...${editProps} onDeleteTree=${deleteTree} />` : null}
          ${side === 'parameters' ? html`<${Parameters} api=${api} onGlobalError=${globalError} />` : null}
          ${side !== 'node' ? null : selectedExists
            ? html`<${NodePanel} key=${selected} ...${editProps} selected=${selected} live=${live.get(selected)}
                                 samples=${samples} now=${portState ? portState.time : undefined} />`
            : html`<${AddForm} key="root" ...${editProps} parent=${null} />`}
        </aside>
      </main>
      <${EventLog} events=${events} error=${eventsError} />` : null}
    ${device && port !== null && port !== undefined && tree === undefined && !treeError ? html`
      <main class="single"><div class="empty">${conn.status === 'ok' ? `Loading the tree of port ${port}…` : `The tree of port ${port} appears when the REST API answers again.`}</div></main>` : null}
  `;
}

/** A sentence from the server (e.g. "the switch enforces version 3") as a line of its own. */
function capitalized(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
