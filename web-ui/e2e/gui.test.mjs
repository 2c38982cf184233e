// End-to-end tests of the page against the real server (the lab started by run.sh): every check
// goes through the browser and is confirmed over REST. Screenshots go to docs/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, rest, portPath, shot, eventually, freeKey, PAGE_URL } from './harness.mjs';

// Realistic names: the screenshots taken here are the project's documentation.
const PARENT = 'video';
const CHILD = 'video-hd';

let env;
let page;
let device;
let port;

async function chooseTarget() {
  const { status, body } = await rest('GET', 'devices');
  assert.equal(status, 200, 'GET /devices');
  const devices = body.devices.filter((d) => d.connected);
  assert.ok(devices.length > 0, `the lab should have a connected switch: ${JSON.stringify(body)}`);
  const wantDevice = process.env.HSDBA_E2E_DEVICE;
  const wantPort = process.env.HSDBA_E2E_PORT;
  for (const d of devices) {
    if (wantDevice && d.id !== wantDevice) continue;
    for (const p of d.ports) {
      if (wantPort && String(p.port) !== wantPort) continue;
      const t = await rest('GET', `${portPath(d.id, p.port)}/tree`);
      if (t.status === 200) return { device: d.id, port: p.port };
    }
  }
  // No tree anywhere yet: give the first port one, as an operator would.
  const d = devices.find((x) => !wantDevice || x.id === wantDevice) || devices[0];
  const p = wantPort ? Number(wantPort) : d.ports[0].port;
  const made = await rest('PUT', `${portPath(d.id, p)}/tree`, {
    device: d.id, port: p, capacity: '10G', eta: 0.95,
    levels: [{ name: 'subnet', field: { offset: 240, length: 16 } }, { name: 'user', field: { offset: 240, length: 32 } }],
    nodes: [],
  });
  assert.equal(made.status, 200, `creating a tree on ${d.id} port ${p}: ${made.text}`);
  return { device: d.id, port: p };
}

async function treeOverRest() {
  const r = await rest('GET', `${portPath(device, port)}/tree`);
  assert.equal(r.status, 200, `GET tree: ${r.text}`);
  return r.body;
}

function row(id) {
  return page.locator(`[role=treeitem][data-node="${id}"]`);
}

async function selectNode(id) {
  await page.fill('#tree-search', id);
  await row(id).click();
  await page.fill('#tree-search', '');
  await page.locator('#node-title').filter({ hasText: id }).waitFor();
}

describe('hsdba GUI against the lab', () => {
  before(async () => {
    ({ device, port } = await chooseTarget());
    // A run that stopped half-way may have left its nodes: start without them.
    await rest('DELETE', `${portPath(device, port)}/nodes/${encodeURIComponent(PARENT)}`, undefined, { 'If-Match': '*' });
    env = await launch();
    page = env.page;
  });

  after(async () => {
    await rest('DELETE', `${portPath(device, port)}/nodes/${encodeURIComponent(PARENT)}`, undefined, { 'If-Match': '*' });
    if (env) await env.browser.close();
  });

  test('loads, and choosing the switch and port shows its tree', async () => {
    await page.goto(PAGE_URL);
    await page.locator('#device-pick').waitFor();
    await eventually(async () => (await page.locator('#device-pick option').count()) > 0 && !(await page.locator('#device-pick').isDisabled()), 'the switch list');
    await page.selectOption('#device-pick', device);
    await page.selectOption('#port-pick', String(port));
    const tree = await treeOverRest();
    await page.locator('.tree-tools .count').filter({ hasText: `${tree.nodes.length} nodes` }).waitFor();
    const top = tree.nodes.filter((n) => !n.parent);
    for (const n of top.slice(0, 5)) await row(n.id).waitFor();
    assert.match(page.url(), new RegExp(`port=${port}`), 'the selection is kept in the URL');
    await page.locator('.util-text').filter({ hasText: 'b/s' }).waitFor();
    await shot(page, 'tree');
    assert.deepEqual(env.problems, []);
  });

  test('adds a node: preview ok, then it is in the tree and over REST', async () => {
    await page.click('text=+ Add under port');
    await page.fill('#add-id', PARENT);
    await page.fill('#add-key', freeKey(await treeOverRest(), null, Date.now()));
    await page.fill('#add-guaranteed', '2M');
    await page.locator('.verdict-ok').waitFor({ timeout: 10000 });
    await shot(page, 'add-node');
    await page.click('button:has-text("Add node")');
    await row(PARENT).waitFor();
    await page.locator('#node-title').filter({ hasText: PARENT }).waitFor();
    const r = await rest('GET', `${portPath(device, port)}/nodes/${encodeURIComponent(PARENT)}`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.guaranteedBps, 2000000);
  });

  test('shows an admission error next to the node before anything is applied', async () => {
    await page.click('[role=tab]:has-text("Add child")');
    await page.fill('#add-id', CHILD);
    await page.fill('#add-key', freeKey(await treeOverRest(), PARENT, Date.now()));
    await page.fill('#add-guaranteed', '5M');
    const verdict = page.locator('.verdict-bad');
    await verdict.waitFor({ timeout: 10000 });
    assert.match(await verdict.innerText(), /Admission would refuse/);
    // The over-subscribed parent is marked in the tree, and the page says why.
    await row(PARENT).locator('.tag-error').waitFor();
    assert.match(await page.locator('.editor').innerText(), /5 Mb\/s|sum/);
    assert.equal(await page.locator('button:has-text("Add node")').isDisabled(), true, 'Apply stays disabled');
    await shot(page, 'admission-error');
    const r = await rest('GET', `${portPath(device, port)}/nodes/${encodeURIComponent(CHILD)}`);
    assert.equal(r.status, 404, 'nothing was applied');
    // A unit mistake is caught in place too.
    await page.fill('#add-guaranteed', '5MB');
    await page.locator('#add-guaranteed-msg').filter({ hasText: 'bytes' }).waitFor();
    await page.fill('#add-guaranteed', '1M');
    await page.locator('.verdict-ok').waitFor({ timeout: 10000 });
    await page.click('button:has-text("Add node")');
    await row(CHILD).waitFor();
  });

  test('edits a node, and undo re-applies the previous tree', async () => {
    await selectNode(CHILD);
    await page.click('[role=tab]:has-text("Edit")');
    await page.fill('#edit-peak', '50M');
    await page.locator('.verdict-ok').waitFor({ timeout: 10000 });
    await page.click('button:has-text("Apply changes")');
    await eventually(async () => (await rest('GET', `${portPath(device, port)}/nodes/${encodeURIComponent(CHILD)}`)).body.peakBps === 50e6, 'the new peak over REST');
    await page.click('button:has-text("Undo")');
    await eventually(async () => (await rest('GET', `${portPath(device, port)}/nodes/${encodeURIComponent(CHILD)}`)).body.peakBps === null, 'the peak back to unlimited');
  });

  test('a write on a stale version says "changed by someone else"', async () => {
    await selectNode(CHILD);
    await page.click('[role=tab]:has-text("Edit")');
    await page.fill('#edit-weight', '3');
    await page.locator('.verdict-ok').waitFor({ timeout: 10000 });
    // Someone else changes the tree meanwhile.
    const t = await rest('GET', `${portPath(device, port)}/tree`);
    const other = await rest('PATCH', `${portPath(device, port)}/nodes/${encodeURIComponent(CHILD)}`, { peak: '40M' }, { 'If-Match': `"${t.etag}"` });
    assert.equal(other.status, 200, other.text);
    await page.click('button:has-text("Apply changes")');
    await page.locator('.banner').filter({ hasText: 'Changed by someone else' }).waitFor();
    await shot(page, 'conflict');
    await page.click('button:has-text("Reload the tree")');
    await page.locator('.banner').filter({ hasText: 'Changed by someone else' }).waitFor({ state: 'detached' });
    await row(CHILD).waitFor();
    const r = await rest('GET', `${portPath(device, port)}/nodes/${encodeURIComponent(CHILD)}`);
    assert.notEqual(r.body.weight, 3, 'the stale edit was not applied');
  });

  test('the tree is usable from the keyboard', async () => {
    const focused = () => page.evaluate(() => document.activeElement && document.activeElement.getAttribute('data-node'));
    await page.locator('[role=treeitem][tabindex="0"]').focus();
    await page.keyboard.press('Home');
    const top = await page.locator('[role=treeitem][data-index="0"]').getAttribute('data-node');
    await eventually(async () => (await focused()) === top, `focus on the first row (${top})`);
    await page.keyboard.press('ArrowDown');
    const second = await eventually(async () => { const id = await focused(); return id !== top ? id : null; }, 'focus to move down a row');
    await page.keyboard.press('Enter');
    await page.locator('#node-title').filter({ hasText: second }).waitFor();
  });

  test('shows live rates when traffic flows', async () => {
    const busy = await eventually(async () => {
      const st = await rest('GET', `${portPath(device, port)}/state`);
      return st.status === 200 && st.body.nodes.find((n) => n.measuredBps > 0);
    }, 'traffic on the port (the lab sends it)', 60000, 1000);
    await selectNode(busy.id);
    const measured = page.locator('.facts dt:has-text("Measured") + dd');
    await eventually(async () => !/^(–|0 b\/s)$/.test((await measured.innerText()).trim()), 'a measured rate on the page');
    const before = await page.locator('.chart .ln-measured').last().getAttribute('d');
    await eventually(async () => (await page.locator('.chart .ln-measured').last().getAttribute('d')) !== before, 'the chart to move on');
    // A few more seconds of samples make the screenshot worth looking at.
    await eventually(async () => (await page.locator('.chart .ln-measured').last().getAttribute('d')).split('L').length > 10,
      'ten seconds of samples', 30000, 500);
    assert.match(await page.locator('.chart .ln-target').last().getAttribute('d'), /^M/, 'the target allocation is drawn');
    assert.match(await page.locator('.util-text').innerText(), /measured [\d.]+ [kMGT]?b\/s/);
    await page.click('.chart-tools button:has-text("1 min")');
    assert.equal(await page.locator('.chart-tools button:has-text("1 min")').getAttribute('aria-pressed'), 'true');
    await shot(page, 'live-rates');
  });

  test('deletes a subtree', async () => {
    await selectNode(PARENT);
    await page.click('[role=tab]:has-text("Delete")');
    await page.check('#delete-confirm');
    await page.locator('.verdict-ok').waitFor({ timeout: 10000 });
    await page.click('button:has-text("Delete 2 nodes")');
    await row(PARENT).waitFor({ state: 'detached' });
    await row(CHILD).waitFor({ state: 'detached' });
    for (const id of [PARENT, CHILD]) {
      const r = await rest('GET', `${portPath(device, port)}/nodes/${encodeURIComponent(id)}`);
      assert.equal(r.status, 404, `${id} is gone over REST`);
    }
  });

  test('says so when the REST API is unreachable, and recovers', async () => {
    await page.route('**/v1/**', (r) => r.abort('connectionrefused'));
    await page.locator('.banner').filter({ hasText: 'REST API unreachable' }).waitFor({ timeout: 10000 });
    await shot(page, 'unreachable');
    await page.click('button:has-text("Retry now")');
    await page.unroute('**/v1/**');
    await page.locator('.banner').filter({ hasText: 'REST API unreachable' }).waitFor({ state: 'detached', timeout: 10000 });
    assert.deepEqual(env.problems, []);
  });

  test('exports the configuration, refuses a broken import with its location, re-imports', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Export config")')]);
    const exported = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
    const config = JSON.parse(exported);
    assert.equal(config.format, 'hsdba/1');
    assert.ok(config.trees.some((t) => t.device === device && t.port === port), 'the exported file holds this port');
    await page.setInputFiles('#import-file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "hsdba/1", "trees": [}') });
    const refusal = page.locator('.banner').filter({ hasText: 'Import of broken.json refused' });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /malformed-json|line/);
    await shot(page, 'import-error');
    await page.click('button:has-text("Dismiss")');
    await page.setInputFiles('#import-file', { name: 'hsdba-config.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await page.locator('.notice').filter({ hasText: 'Import hsdba-config.json: done' }).waitFor();
  });

  test('a port without a tree offers to create one', async (t) => {
    const { body } = await rest('GET', `devices/${encodeURIComponent(device)}`);
    let free = null;
    for (const p of body.ports) {
      if ((await rest('GET', `${portPath(device, p.port)}/tree`)).status === 404) { free = p.port; break; }
    }
    if (free === null) { t.skip('every port of the lab switch has a tree'); return; }
    try {
      await page.selectOption('#port-pick', String(free));
      await page.locator('#create-title').filter({ hasText: `No bandwidth tree on port ${free}` }).waitFor();
      await page.fill('#tree-levels', 'subnet 240 16\nuser 240');
      await page.locator('#tree-levels-msg').filter({ hasText: 'expected "name offset length"' }).waitFor();
      await page.fill('#tree-levels', 'subnet 240 16\nuser 240 32');
      // The switch already has a tree without a selector (the one under test): the preview says
      // a second one would be refused, next to the selector, before anything is applied.
      const selectorMsg = page.locator('#tree-selector-value-msg .error-text');
      await selectorMsg.filter({ hasText: 'no selector' }).waitFor({ timeout: 10000 });
      assert.match(await selectorMsg.innerText(), /both take all traffic/);
      assert.equal(await page.locator('button:has-text("Create tree")').isDisabled(), true, 'a refused tree cannot be created');
      assert.equal((await rest('GET', `${portPath(device, free)}/tree`)).status, 404);
      await page.fill('#tree-selector-field', '240 32');
      await page.fill('#tree-selector-value', '10.9.0.0/1x');
      await page.locator('#tree-selector-value-msg').filter({ hasText: 'after "/"' }).waitFor();
      await page.fill('#tree-selector-value', '10.9.0.0/16');
      await page.locator('.verdict-ok').waitFor({ timeout: 10000 });
      await shot(page, 'create-tree');
      await page.click('button:has-text("Create tree")');
      await page.locator('.tree-tools .count').filter({ hasText: '0 nodes' }).waitFor();
      await page.locator('.tree-selector').filter({ hasText: 'IPv4 destination' }).waitFor();
      const made = await rest('GET', `${portPath(device, free)}/tree`);
      assert.equal(made.status, 200);
      assert.deepEqual(made.body.selector.field, { offset: 240, length: 32 });
    } finally {
      await rest('DELETE', `${portPath(device, free)}/tree`, undefined, { 'If-Match': '*' });
      await page.selectOption('#port-pick', String(port));
    }
  });


});
