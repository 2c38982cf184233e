// Unit tests of the page's pure helpers (no browser): rates, tree walking, edits, violations.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseRate, formatRate, formatRateShort, formatPercent } from '../src/lib/rates.js';
import {
  ROOT, indexTree, nodeView, visibleRows, subtree, ancestors, moveTargets,
  violationsByNode, unchangedFor,
} from '../src/lib/tree.js';
import { mergeSamples, sampleFromState, niceMax } from '../src/lib/series.js';
import { apiBaseFor, Api } from '../src/lib/api.js';

test('parseRate reads the units the server accepts', () => {
  assert.equal(parseRate('250M'), 250e6);
  assert.equal(parseRate('1.5 Gb/s'), 1.5e9);
  assert.equal(parseRate('100k'), 1e5);
  assert.equal(parseRate('800000'), 800000);
  assert.equal(parseRate('10Gbps'), 10e9);
  assert.equal(parseRate('2t'), 2e12);
  assert.equal(parseRate(42), 42);
  assert.equal(parseRate('unlimited', { allowUnlimited: true }), Infinity);
});

test('parseRate explains what is wrong', () => {
  assert.throws(() => parseRate('10Q'), /unknown unit "Q" \(use bps, k, M, G, T, or tc's kbit, mbit, gbit\)/);
  assert.equal(parseRate('100mbit'), 100e6);
  assert.equal(parseRate('100mbps'), 100e6);
  assert.throws(() => parseRate('8GB'), /bytes/);
  assert.throws(() => parseRate('-1G'), /negative/);
  assert.throws(() => parseRate(''), /empty rate/);
  assert.throws(() => parseRate('fast'), /not a rate/);
  assert.throws(() => parseRate('unlimited'), /only allowed for a peak rate/);
});

test('formatRate picks a readable unit and always shows it', () => {
  assert.equal(formatRate(2.5e9), '2.5 Gb/s');
  assert.equal(formatRate(1666666667), '1.667 Gb/s');
  assert.equal(formatRate(0), '0 b/s');
  assert.equal(formatRate(999), '999 b/s');
  assert.equal(formatRate(Infinity), 'unlimited');
  assert.equal(formatRate(null), '–');
  assert.equal(formatPercent(1, 4), '25.0 %');
  assert.equal(formatRateShort(351573000), '352 Mb/s');
  assert.equal(formatRateShort(2352000000), '2.35 Gb/s');
  assert.equal(formatRateShort(999700), '1 Mb/s');
  assert.equal(formatRateShort(0), '0 b/s');
  assert.equal(formatRateShort(Infinity), 'unlimited');
  assert.equal(formatPercent(1, 0), '–');
});

// port root: A (B, C (D)), E
const TREE = {
  version: 7,
  nodes: [
    { id: 'A', guaranteed: '5G', weight: 1 },
    { id: 'B', parent: 'A', guaranteed: '2G', key: '0x0a01', mask: '0xffff' },
    { id: 'C', parent: 'A', guaranteed: '2G', peak: 'unlimited' },
    { id: 'D', parent: 'C', guaranteed: '1G', peak: '1.5G' },
    { id: 'E', guaranteedBps: 1000, peakBps: null },
  ],
};

test('indexTree gives children in file order, depths and rates in bits/s', () => {
  const ix = indexTree(TREE);
  assert.deepEqual(ix.children.get(ROOT), ['A', 'E']);
  assert.deepEqual(ix.children.get('A'), ['B', 'C']);
  assert.equal(ix.depth.get('D'), 3);
  assert.equal(ix.nodes.get('A').guaranteedBps, 5e9);
  assert.equal(ix.nodes.get('D').peakBps, 1.5e9);
  assert.equal(ix.nodes.get('C').peakBps, Infinity);
  assert.equal(ix.nodes.get('E').guaranteedBps, 1000);
  assert.equal(ix.nodes.get('E').peakBps, Infinity);
  assert.equal(ix.position.get('D'), 3);
  assert.deepEqual(ix.nodes.get('B').key, { value: '0x0a01', mask: '0xffff' });
  assert.equal(ix.nodes.get('A').key, null);
  assert.deepEqual(nodeView({ id: 'x', key: { value: '10.0.0.1', mask: null } }).key, { value: '10.0.0.1', mask: null }, 'the REST node shape');
});

test('visibleRows descends only into expanded nodes', () => {
  const ix = indexTree(TREE);
  assert.deepEqual(visibleRows(ix, new Set()).map((r) => r.id), ['A', 'E']);
  const rows = visibleRows(ix, new Set(['A']));
  assert.deepEqual(rows.map((r) => `${r.id}@${r.depth}`), ['A@1', 'B@2', 'C@2', 'E@1']);
  assert.equal(rows[2].hasChildren, true);
  assert.equal(rows[2].expanded, false);
  assert.deepEqual(visibleRows(ix, new Set(['A', 'C'])).map((r) => r.id), ['A', 'B', 'C', 'D', 'E']);
});

test('visibleRows with a search keeps matches and opens their ancestors', () => {
  const ix = indexTree(TREE);
  const rows = visibleRows(ix, new Set(), 'd');
  assert.deepEqual(rows.map((r) => r.id), ['A', 'C', 'D']);
  assert.deepEqual(rows.map((r) => r.match), [false, false, true]);
  assert.deepEqual(visibleRows(ix, new Set(), '0A01').map((r) => r.id), ['A', 'B'], 'key values are searched too');
  assert.deepEqual(visibleRows(ix, new Set(), 'zzz'), []);
});

test('visibleRows stays fast on a large tree', () => {
  const nodes = [];
  for (let i = 0; i < 100; i += 1) {
    nodes.push({ id: `s${i}`, guaranteed: '1M' });
    for (let j = 0; j < 500; j += 1) nodes.push({ id: `s${i}u${j}`, parent: `s${i}`, guaranteed: '1k' });
  }
  const ix = indexTree({ nodes });
  assert.equal(ix.nodes.size, 50100);
  assert.equal(visibleRows(ix, new Set()).length, 100);
  assert.equal(visibleRows(ix, new Set(['s3'])).length, 600);
  assert.equal(visibleRows(ix, new Set(), 's7u49').length, 1 + 11, 's7u49 and s7u490..s7u499 under s7');
});

test('subtree, ancestors and move targets', () => {
  const ix = indexTree(TREE);
  assert.deepEqual(subtree(ix, 'A'), ['A', 'B', 'C', 'D']);
  assert.deepEqual(ancestors(ix, 'D'), ['C', 'A']);
  assert.deepEqual(moveTargets(ix, 'C'), [null, 'B', 'E'], 'not itself, its descendants or its current parent');
  assert.deepEqual(moveTargets(ix, 'A'), ['E']);
});

test('violations are placed on the node and field they concern', () => {
  const sent = { ...TREE, nodes: [...TREE.nodes, { id: 'F', parent: 'E', guaranteed: '2G' }] };
  const map = violationsByNode([
    { pointer: '/nodes/5/guaranteed', message: 'sum too big' },
    { node: 'A', pointer: '/nodes/0/weight', message: 'weights not proportional' },
    { node: 'C', message: 'no pointer' },
    { pointer: '/tree/nodes/1/mask', message: 'prefixed pointer' },
    { message: 'port-wide' },
  ], sent);
  assert.deepEqual(map.get('F'), [{ field: 'guaranteed', message: 'sum too big', pointer: '/nodes/5/guaranteed' }]);
  assert.equal(map.get('A')[0].field, 'weight');
  assert.equal(map.get('C')[0].field, null);
  assert.equal(map.get(ROOT)[0].message, 'port-wide');
  assert.deepEqual(map.get('B'), [{ field: 'mask', message: 'prefixed pointer', pointer: '/tree/nodes/1/mask' }]);
});

test('violations of an edit preview are placed by node id and the member the pointer ends in', () => {
  const map = violationsByNode([
    { node: 'F', pointer: '/edit/node/peak', message: 'peak below guarantee' },
    { node: 'A', pointer: '/edit/changes/weight', message: 'weights not proportional' },
    { node: 'E', pointer: '/edit', message: 'whole edit' },
    { pointer: '/edit/changes/key', message: 'bad key' },
  ], null, 'G');
  assert.deepEqual(map.get('G'), [{ field: 'key', message: 'bad key', pointer: '/edit/changes/key' }], 'about the edited node');
  assert.deepEqual(map.get('F'), [{ field: 'peak', message: 'peak below guarantee', pointer: '/edit/node/peak' }]);
  assert.equal(map.get('A')[0].field, 'weight');
  assert.equal(map.get('E')[0].field, null);
});

test('a 409 can be retried only when what the edit depends on did not change', () => {
  const joined = { ...TREE, version: 8, nodes: [...TREE.nodes, { id: 'J', parent: 'E', guaranteed: '1k' }] };
  assert.equal(unchangedFor(TREE, joined, ['B', 'A']), true, 'a join elsewhere');
  assert.equal(unchangedFor(TREE, joined, ['E']), true, 'the parent of the joined node itself is unchanged');
  assert.equal(unchangedFor(TREE, joined, [], 'E'), false, 'deleting E would now take J too');
  assert.equal(unchangedFor(TREE, joined, [], 'A'), true);
  const edited = { ...TREE, nodes: TREE.nodes.map((n) => (n.id === 'D' ? { ...n, peak: '2G' } : n)) };
  assert.equal(unchangedFor(TREE, edited, ['D']), false);
  assert.equal(unchangedFor(TREE, edited, ['A'], 'C'), false, 'D is in the subtree of C');
  assert.equal(unchangedFor(TREE, edited, ['new-node', null]), true, 'absent in both');
});

test('samples merge by time and keep only the window', () => {
  const a = [{ t: 1000, measuredBps: 1 }, { t: 2000, measuredBps: 2 }];
  const b = [{ t: 2000, measuredBps: 3 }, { t: 601500, measuredBps: 4 }];
  assert.deepEqual(mergeSamples(a, b).map((s) => s.measuredBps), [3, 4]);
  assert.deepEqual(mergeSamples(a, b, 1e9).map((s) => s.measuredBps), [1, 3, 4]);
  const st = { time: 5, nodes: [{ id: 'x', measuredBps: 9, targetBps: 8, dropBps: 1 }] };
  assert.deepEqual(sampleFromState(st, 'x'), { t: 5, measuredBps: 9, targetBps: 8, dropBps: 1 });
  assert.equal(sampleFromState(st, 'y'), null);
  assert.equal(sampleFromState({ ...st, time: 0 }, 'x'), null, 'no reading yet');
  assert.equal(niceMax(7.3e9), 1e10);
  assert.equal(niceMax(2.1e6), 2.5e6);
  assert.equal(niceMax(0), 1);
});

test('the API base is the sibling v1 of the page', () => {
  assert.equal(apiBaseFor('http://h:8181/onos/hsdba/ui/'), 'http://h:8181/onos/hsdba/v1/');
  assert.equal(apiBaseFor('http://h:8181/onos/hsdba/ui/index.html#device=x'), 'http://h:8181/onos/hsdba/v1/');
});

function fakeFetch(status, body, headers = {}) {
  const calls = [];
  const impl = async (url, init) => {
    calls.push({ url, init });
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      headers: new Map(Object.entries(headers)),
      text: async () => (body === undefined ? '' : JSON.stringify(body)),
    };
  };
  return { impl, calls };
}

test('writes send If-Match and errors keep the contract fields', async () => {
  const { impl, calls } = fakeFetch(409, { error: { status: 409, code: 'version-conflict', message: 'stale' }, currentVersion: 9, currentEtag: '"5f0c2a-9"' });
  const api = new Api('http://h/onos/hsdba/v1', impl);
  await assert.rejects(api.updateNode('pof:1', 3, 'a b', { weight: 2 }, '5f0c2a-7'), (e) => {
    assert.equal(e.conflict, true);
    assert.equal(e.currentVersion, 9);
    assert.equal(e.code, 'version-conflict');
    assert.equal(e.currentEtag, '5f0c2a-9');
    return true;
  });
  assert.equal(calls[0].url, 'http://h/onos/hsdba/v1/devices/pof%3A1/ports/3/nodes/a%20b');
  assert.equal(calls[0].init.headers['If-Match'], '"5f0c2a-7"');
  assert.equal(calls[0].init.method, 'PATCH');
});

test('a missing tree is null, a network failure is "unreachable"', async () => {
  const api = new Api('http://h/v1/', fakeFetch(404, { error: { status: 404, code: 'not-found', message: 'none' } }).impl);
  assert.equal(await api.tree('d', 1), null);
  const down = new Api('http://h/v1/', async () => { throw new TypeError('Failed to fetch'); });
  await assert.rejects(down.devices(), (e) => e.unreachable && /no answer from http:\/\/h\/v1\//.test(e.message));
});

test('a failed text request still reports the server\'s message', async () => {
  const api = new Api('http://h/v1/', fakeFetch(500, { error: { status: 500, code: 'internal', message: 'boom, see the log' } }).impl);
  await assert.rejects(api.config(), (e) => e.status === 500 && e.message === 'boom, see the log');
});

test('the tree keeps its version and its strong ETag as etag; a weak one is none', async () => {
  const api = new Api('http://h/v1/', fakeFetch(200, { nodes: [], version: 12 }, { ETag: '"5f0c2a-12"' }).impl);
  const t = await api.tree('d', 1);
  assert.equal(t.version, 12);
  assert.equal(t.etag, '5f0c2a-12');
  const weak = new Api('http://h/v1/', fakeFetch(200, { nodes: [] }, { ETag: 'W/"5f0c2a-12"' }).impl);
  assert.equal((await weak.tree('d', 1)).etag, null);
});

test('parseSelector reads the traffic selector inputs, or none', async () => {
  const { parseSelector, formatSelector } = await import('../src/lib/selector.js');
  assert.equal(parseSelector('', '  '), null);
  assert.deepEqual(parseSelector('240 32', '10.9.0.0/16'), { field: { offset: 240, length: 32 }, key: '10.9.0.0/16' });
  assert.deepEqual(parseSelector(' 0  48 ', '0x020000000003'), { field: { offset: 0, length: 48 }, key: '0x020000000003' });
  assert.deepEqual(parseSelector('240 32', '0x0a090000/0xffff0000'),
    { field: { offset: 240, length: 32 }, key: '0x0a090000', mask: '0xffff0000' });
  assert.throws(() => parseSelector('', '10.9.0.0'), (e) => e.input === 'field' && /offset length/.test(e.message));
  assert.throws(() => parseSelector('240', '10.9.0.0'), (e) => e.input === 'field' && /"240"/.test(e.message));
  assert.throws(() => parseSelector('240 0', '10.9.0.0'), (e) => e.input === 'field');
  assert.throws(() => parseSelector('240 32', ''), (e) => e.input === 'value');
  assert.throws(() => parseSelector('240 32', 'ten'), (e) => e.input === 'value' && /"ten"/.test(e.message));
  assert.throws(() => parseSelector('240 32', '0x0a09/16'), (e) => e.input === 'value' && /prefix length/.test(e.message));
  assert.equal(formatSelector({ field: { offset: 240, length: 32 }, key: '10.9.0.0/16' }), 'bits 240–271 (IPv4 destination) = 10.9.0.0/16');
  assert.equal(formatSelector({ field: { offset: 8, length: 8 }, key: '0x1', mask: '0xf' }), 'bits 8–15 = 0x1 mask 0xf');
  assert.equal(formatSelector(undefined), null);
});

test('creating a tree sends If-None-Match: *, replacing and undo send the tag, * stays bare', async () => {
  const { impl, calls } = fakeFetch(200, { version: 1 });
  const api = new Api('http://h/v1/', impl);
  await api.putTree('d', 1, { capacity: '100M' });
  assert.equal(calls[0].init.headers['If-None-Match'], '*');
  assert.equal(calls[0].init.headers['If-Match'], undefined);
  await api.putTree('d', 1, { capacity: '100M' }, 'ab-3');
  assert.equal(calls[1].init.headers['If-Match'], '"ab-3"');
  await api.undo('d', 1, 'ab-4');
  assert.equal(calls[2].url, 'http://h/v1/devices/d/ports/1/tree/undo');
  assert.equal(calls[2].init.headers['If-Match'], '"ab-4"');
  await api.deleteTree('d', 1, '*');
  assert.equal(calls[3].init.headers['If-Match'], '*');
});

test('the event filter matches type exactly, device and node as substrings', async () => {
  const { filterEvents } = await import('../src/lib/events.js');
  const ev = [
    { type: 'NODE_JOINED', device: 'pof:0000000000000001', node: 'user-10.0.0.7' },
    { type: 'ERROR', device: 'pof:0000000000000002', node: null },
    { type: 'NODE_JOINED', device: 'pof:0000000000000002', node: 'user-10.0.0.8' },
  ];
  assert.equal(filterEvents(ev, {}).length, 3);
  assert.deepEqual(filterEvents(ev, { type: 'NODE_JOINED', device: '02' }), [ev[2]]);
  assert.deepEqual(filterEvents(ev, { node: '0.0.7' }), [ev[0]]);
  assert.equal(filterEvents(ev, { type: 'NODE_PRUNED' }).length, 0);
});
