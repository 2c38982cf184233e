// Unit tests of the tree-settings and run-time-parameter helpers (no browser).
import test from 'node:test';
import assert from 'node:assert/strict';
import { formatLevels, parseLevels, withSettings, capacityText, MODES } from '../src/lib/settings.js';
import { paramFields, paramBody } from '../src/lib/params.js';

test('levels with join templates read and print back', () => {
  const text = 'subnet 240 16\nuser 240 32 weight=1 peak=10M idleTimeout=30s';
  const levels = parseLevels(text);
  assert.deepEqual(levels, [
    { name: 'subnet', field: { offset: 240, length: 16 } },
    { name: 'user', field: { offset: 240, length: 32 }, join: { weight: 1, peak: '10M', idleTimeout: '30s' } },
  ]);
  assert.equal(formatLevels(levels), text);
  // the server's spelling of a rate ("10 Mb/s") is printed without the space, so it reads back
  assert.deepEqual(parseLevels(formatLevels([{ name: 'u', field: { offset: 0, length: 8 }, join: { peak: '10 Mb/s' } }]))[0].join, { peak: '10Mb/s' });
});

test('bad level lines say which line and what is expected', () => {
  assert.throws(() => parseLevels(''), /at least one level/);
  assert.throws(() => parseLevels('subnet 240 16\nuser 240'), /line 2 "user 240": expected "name offset length"/);
  assert.throws(() => parseLevels('user 240 32 colour=red'), /line 1: "colour=red" is not a join template member/);
  assert.throws(() => parseLevels(Array.from({ length: 9 }, (_, i) => `l${i} 0 8`).join('\n')), /at most 8/);
});

test('withSettings keeps the nodes, drops what only the server writes, and removes a cleared selector', () => {
  const got = {
    device: 'pof:1', port: 2, capacity: '10G', eta: 0.95, version: 7, generation: 3, revision: 9, etag: '3-7',
    selector: { field: { offset: 240, length: 32 }, key: '10.9.0.0/16' },
    levels: [{ name: 'u', field: { offset: 240, length: 32 } }], nodes: [{ id: 'video', key: '10.0.0.1' }],
  };
  const put = withSettings(got, { capacity: '100M', mode: 'guarantee-excess', selector: null });
  assert.deepEqual(put, {
    device: 'pof:1', port: 2, capacity: '100M', eta: 0.95, mode: 'guarantee-excess',
    levels: got.levels, nodes: got.nodes,
  });
  assert.equal(got.capacity, '10G', 'the tree read is not modified');
});

test('capacityText writes a port speed as the capacity field takes it', () => {
  assert.equal(capacityText(100e6), '100M');
  assert.equal(capacityText(10e9), '10G');
  assert.equal(capacityText(2.5e9), '2.5G');
  assert.equal(capacityText(null), '');
  assert.equal(capacityText(0), '');
  assert.deepEqual(MODES.map((m) => m.value), ['weighted', 'guarantee-excess']);
});

test('parameters go to form strings and back, numbers as numbers and units as text', () => {
  const p = { rateEstimator: { kind: 'ewma', kSeconds: 0.01 }, pollingPeriodSeconds: 1, idleTimeoutSeconds: 10,
    leafLifetimeSeconds: 3600, mode: 'auto', joinRatePerSecond: 100, joinBurst: 50, maxTreeNodes: 100000 };
  const f = paramFields(p);
  assert.equal(f.estimatorSeconds, '0.01');
  assert.deepEqual(paramBody(f), p);
  const w = paramBody({ ...f, kind: 'window', estimatorSeconds: '100ms', pollingPeriodSeconds: '500ms', joinBurst: '' });
  assert.deepEqual(w.rateEstimator, { kind: 'window', windowSeconds: '100ms' });
  assert.equal(w.pollingPeriodSeconds, '500ms');
  assert.equal('joinBurst' in w, false, 'an emptied field keeps the server\'s value');
});
