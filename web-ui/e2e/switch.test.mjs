// What the switch enforces and what a write could not check, as an operator sees them: a tree for
// a switch that is not connected is accepted with a visible warning and a note that it is
// programmed when the switch connects; on the lab's connected switch the page says which version
// of the tree the switch enforces. Every step is confirmed over REST too.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, rest, portPath, shot, eventually, PAGE_URL } from './harness.mjs';

/** No switch of the lab has this id: its trees wait for it. */
const ABSENT = 'pof:00000000000000f5';
const PORT = 2;
const TREE = {
  capacity: '100M',
  levels: [{ name: 'subnet', field: { offset: 240, length: 16 } }],
  nodes: [{ id: 'lab', key: '0x0a00', weight: 1 }],
};

async function open(page, device, port) {
  await page.goto(PAGE_URL);
  await page.locator('#device-pick').waitFor();
  await eventually(async () => (await page.locator(`#device-pick option[value="${device}"]`).count()) > 0
    && !(await page.locator('#device-pick').isDisabled()), `${device} in the switch list`);
  await page.selectOption('#device-pick', device);
  await eventually(async () => (await page.locator(`#port-pick option[value="${port}"]`).count()) > 0, `port ${port} in the list`);
  await page.selectOption('#port-pick', String(port));
}

describe('the switch behind the tree, in the GUI', () => {
  let env;
  let page;

  before(async () => {
    await rest('DELETE', `${portPath(ABSENT, PORT)}/tree`, undefined, { 'If-Match': '*' });
    env = await launch();
    page = env.page;
  });

  after(async () => {
    await rest('DELETE', `${portPath(ABSENT, PORT)}/tree`, undefined, { 'If-Match': '*' });
    if (env) await env.browser.close();
  });

  test('a tree for a switch not connected is accepted with a warning, and the page says when it is programmed', async () => {
    const put = await rest('PUT', `${portPath(ABSENT, PORT)}/tree`, TREE, { 'If-None-Match': '*' });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.body.warnings.length, 1, put.text);
    assert.equal(put.body.warnings[0].code, 'SWITCH_NOT_CONNECTED');

    await open(page, ABSENT, PORT);
    await page.locator('.enforcement[data-status="not-connected"]')
      .filter({ hasText: 'Switch not connected: version 1 is programmed when it connects' }).waitFor();
    await page.click('text=+ Add under port');
    await page.fill('#add-id', 'office');
    await page.fill('#add-key', '0x0a01');
    await page.locator('.verdict-ok').waitFor({ timeout: 10000 });
    await page.click('button:has-text("Add node")');
    await page.locator('.write-warning[data-code="SWITCH_NOT_CONNECTED"]')
      .filter({ hasText: `switch ${ABSENT} is not connected: the tree is checked against its ports and tables` }).waitFor();
    await page.locator('.enforcement[data-status="not-connected"]')
      .filter({ hasText: 'version 2 is programmed when it connects' }).waitFor({ timeout: 15000 });
    await shot(page, 'switch-not-connected', { fullPage: false });

    const dev = await rest('GET', `devices/${encodeURIComponent(ABSENT)}`);
    assert.deepEqual(dev.body.trees.map((t) => [t.port, t.version, t.enforcedVersion, t.status]),
      [[PORT, 2, null, 'not-connected']]);
    assert.deepEqual(env.problems, []);
  });

  test("on the lab's connected switch the page says which version of the tree the switch enforces", async () => {
    const { body } = await rest('GET', 'devices');
    const dev = body.devices.find((d) => d.connected && d.trees.length > 0);
    assert.ok(dev, `a connected switch with a tree: ${JSON.stringify(body.devices.map((d) => d.id))}`);
    const { port } = dev.trees[0];
    const tree = await rest('GET', `${portPath(dev.id, port)}/tree`);
    await eventually(async () => (await rest('GET', `devices/${encodeURIComponent(dev.id)}`)).body.trees
      .some((t) => t.port === port && t.status === 'enforced' && t.enforcedVersion === tree.body.version),
      `${dev.id} port ${port} enforced over REST`);
    await open(page, dev.id, port);
    await page.locator('.enforcement[data-status="enforced"]')
      .filter({ hasText: `The switch enforces version ${tree.body.version}` }).waitFor({ timeout: 15000 });
    assert.deepEqual(env.problems, []);
  });
});
