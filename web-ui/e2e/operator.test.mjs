// A first-time operator, in the GUI alone, on a laptop screen (1366x768) and on a phone (390x844):
// create a tree for the lab's 100 Mb/s port (capacity prefilled from the port's speed), in the
// HTB-like mode add three classes with assured rates and ceilings, change the capacity, undo the
// last three edits, delete the tree (and undo that too). Every step is confirmed over REST.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, rest, portPath, shot, eventually } from './harness.mjs';

const CLASSES = [
  { id: 'video', key: '10.9.0.1', assured: '20M', ceiling: '60M', assuredBps: 20e6 },
  { id: 'backup', key: '10.9.0.2', assured: '10M', ceiling: '80M', assuredBps: 10e6 },
  { id: 'voip', key: '10.9.0.3', assured: '5M', ceiling: '10M', assuredBps: 5e6 },
];

/** A port of a connected switch without a tree, with the speed the switch reports. */
async function freePort() {
  const { body } = await rest('GET', 'devices');
  for (const d of body.devices.filter((x) => x.connected)) {
    for (const p of d.ports) {
      if ((await rest('GET', `${portPath(d.id, p.port)}/tree`)).status === 404) return { device: d.id, port: p.port, speedBps: p.speedBps };
    }
  }
  return null;
}

const VIEWPORTS = [
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of VIEWPORTS) {
  describe(`a first-time operator on a ${name} (${viewport.width}x${viewport.height})`, () => {
    let env;
    let page;
    let target;
    const treePath = () => `${portPath(target.device, target.port)}/tree`;

    /** The page never scrolls sideways (the tree and panels fit the screen). */
    async function noSideScroll(step) {
      const w = await page.evaluate(() => document.scrollingElement.scrollWidth);
      assert.ok(w <= viewport.width, `${step}: the page is ${w} px wide on a ${viewport.width} px screen`);
    }

    /** On the laptop the button is in view without scrolling; on the phone it is reached by scrolling. */
    async function applyInView(locator, step) {
      if (name !== 'laptop') {
        await locator.scrollIntoViewIfNeeded();
        return;
      }
      const box = await locator.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height,
        `${step}: the Apply button (${JSON.stringify(box)}) is not within the ${viewport.height} px screen`);
    }

    /** After Apply the keyboard focus is still on the page's controls, not dropped to the body. */
    async function focusKept(step) {
      await eventually(async () => page.evaluate(() => document.activeElement && document.activeElement !== document.body),
        `${step}: focus kept after Apply`, 5000, 100);
    }

    async function undo(expectLabel) {
      const button = page.locator('.actions button:has-text("↶ Undo")');
      await eventually(async () => !(await button.isDisabled()) && (await button.innerText()).includes(expectLabel),
        `Undo offering "${expectLabel}"`, 10000, 200);
      await button.click();
      await page.locator('.notice').filter({ hasText: `Undo "${expectLabel}": done` }).waitFor();
    }

    before(async () => {
      target = await freePort();
      env = await launch(viewport);
      page = env.page;
    });

    after(async () => {
      if (target) await rest('DELETE', treePath(), undefined, { 'If-Match': '*' });
      if (env) await env.browser.close();
    });

    test('creates a tree for the 100 Mb/s port, prefilled from its speed', async (t) => {
      if (!target) { t.skip('every port of the lab has a tree'); return; }
      assert.equal(target.speedBps, 100e6, 'the lab reports its ports at 100 Mb/s');
      // The login led to the page; the operator picks the switch and the port.
      await page.locator(`#device-pick option[value="${target.device}"]`).waitFor({ state: 'attached' });
      await page.selectOption('#device-pick', target.device);
      await page.locator(`#port-pick option[value="${target.port}"]`).waitFor({ state: 'attached' });
      await page.selectOption('#port-pick', String(target.port));
      await page.locator('#create-title').filter({ hasText: `No bandwidth tree on port ${target.port}` }).waitFor();
      await eventually(async () => (await page.inputValue('#tree-capacity')) === '100M', 'capacity prefilled from the port speed');
      await page.selectOption('#tree-mode', 'guarantee-excess');
      await page.fill('#tree-levels', 'class 240 32');
      // The lab's switch already has a tree that takes all traffic: this one selects its own.
      await page.fill('#tree-selector-field', '240 32');
      await page.fill('#tree-selector-value', '10.9.0.0/16');
      await page.locator('.verdict-ok').waitFor({ timeout: 15000 });
      await noSideScroll('create form');
      const create = page.locator('button:has-text("Create tree")');
      if (name === 'laptop') await shot(page, 'operator-create-tree');
      await create.click();
      await page.locator('.tree-tools .count').filter({ hasText: '0 nodes' }).waitFor();
      await page.locator('.tree-tools .count').filter({ hasText: 'assured + ceiling' }).waitFor();
      const made = await rest('GET', treePath());
      assert.equal(made.status, 200, made.text);
      assert.equal(made.body.mode, 'guarantee-excess');
      assert.equal(made.body.capacity, '100 Mb/s');
      await noSideScroll('empty tree');
    });

    test('adds three classes with assured rates and ceilings', async (t) => {
      if (!target) { t.skip('no free port'); return; }
      for (const c of CLASSES) {
        await page.click('button:has-text("+ Add under port")');
        await page.locator('label[for=add-guaranteed]').filter({ hasText: 'Assured rate' }).waitFor();
        assert.equal(await page.locator('label[for=add-peak]').innerText(), 'Ceiling');
        await page.fill('#add-id', c.id);
        await page.fill('#add-key', c.key);
        await page.fill('#add-guaranteed', c.assured);
        await page.fill('#add-peak', c.ceiling);
        await page.locator('.verdict-ok').waitFor({ timeout: 15000 });
        const add = page.locator('button:has-text("Add node")');
        await applyInView(add, `add ${c.id}`);
        await add.click();
        await page.locator(`[role=treeitem][data-node="${c.id}"]`).waitFor();
        await page.locator('#node-title').filter({ hasText: c.id }).waitFor();
        // In the HTB-like mode the chart's reference line is the assured rate, and says so.
        await page.locator('.chart .ref-label').filter({ hasText: /^assured / }).first().waitFor({ state: 'attached', timeout: 10000 });
        await focusKept(`add ${c.id}`);
        const r = await rest('GET', `${portPath(target.device, target.port)}/nodes/${c.id}`);
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.guaranteedBps, c.assuredBps);
      }
      // Every class's assured rate is in the tree, and adding classes moved none of them.
      for (const c of CLASSES) {
        await eventually(async () => (await page.locator(`[data-node="${c.id}"] .c-g`).innerText()).includes(`${c.assuredBps / 1e6} Mb/s`),
          `${c.id}'s assured rate in its row`);
      }
      await noSideScroll('three classes');
      await shot(page, name === 'laptop' ? 'operator-classes' : 'phone-classes', { fullPage: name !== 'laptop' });
    });

    test('changes the capacity in the tree settings', async (t) => {
      if (!target) { t.skip('no free port'); return; }
      await page.click('.tree-tools button:has-text("Tree settings")');
      await page.locator('#settings-title').waitFor();
      assert.equal(await page.inputValue('#settings-capacity'), '100 Mb/s');
      assert.equal(await page.inputValue('#settings-mode'), 'guarantee-excess');
      await page.fill('#settings-capacity', '80M');
      await page.locator('.tree-settings .verdict-ok').waitFor({ timeout: 15000 });
      const apply = page.locator('#settings-apply');
      await applyInView(apply, 'settings');
      await noSideScroll('settings');
      if (name === 'laptop') await shot(page, 'tree-settings');
      await apply.click();
      await eventually(async () => (await rest('GET', treePath())).body.capacity === '80 Mb/s', 'capacity 80 Mb/s over REST');
      await eventually(async () => (await page.inputValue('#settings-capacity')) === '80 Mb/s', 'the form shows the new capacity');
      await focusKept('settings');
    });

    test('undoes the last three edits', async (t) => {
      if (!target) { t.skip('no free port'); return; }
      const before = (await rest('GET', `${treePath()}/history`)).body.undo;
      assert.ok(before.length >= 3, `three edits to undo: ${JSON.stringify(before)}`);
      for (const label of before.slice(0, 3)) await undo(label);
      const now = (await rest('GET', treePath())).body;
      assert.equal(now.capacity, '100 Mb/s', 'the capacity is back');
      assert.deepEqual(now.nodes.map((n) => n.id), ['video'], 'backup and voip are taken back');
      await page.locator('[role=treeitem][data-node="backup"]').waitFor({ state: 'detached' });
      await noSideScroll('after undo');
    });

    test('deletes the tree, and can restore it', async (t) => {
      if (!target) { t.skip('no free port'); return; }
      await page.click('.tree-tools button:has-text("Tree settings")');
      await page.check('#tree-delete-confirm');
      const del = page.locator('.danger-zone button:has-text("Delete tree")');
      await del.scrollIntoViewIfNeeded();
      await del.click();
      await page.locator('#create-title').waitFor();
      assert.equal((await rest('GET', treePath())).status, 404, 'the tree is gone over REST');
      await page.click('button:has-text("Undo: restore the deleted tree")');
      await page.locator('.tree-tools .count').filter({ hasText: '1 nodes' }).waitFor();
      const back = await rest('GET', treePath());
      assert.equal(back.status, 200);
      assert.deepEqual(back.body.nodes.map((n) => n.id), ['video']);
      await page.click('.tree-tools button:has-text("Tree settings")');
      await page.check('#tree-delete-confirm');
      await page.locator('.danger-zone button:has-text("Delete tree")').click();
      await page.locator('#create-title').waitFor();
      assert.equal((await rest('GET', treePath())).status, 404);
      assert.deepEqual(env.problems, []);
    });
  });
}
