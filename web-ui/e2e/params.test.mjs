// The run-time parameters from the GUI: a value out of range is refused at its field with the
// server's message and changes nothing; a good one is applied; the previous values can be put back;
// before Apply the preview says what a change does to the switches.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, rest, eventually } from './harness.mjs';

describe('run-time parameters', () => {
  let env;
  let page;
  let original;

  before(async () => {
    original = (await rest('GET', 'parameters')).body;
    env = await launch({ width: 1366, height: 768 });
    page = env.page;
  });

  after(async () => {
    if (original) await rest('PUT', 'parameters', original);
    if (env) await env.browser.close();
  });

  test('refuses a bad value at its field, applies a good one, and puts the previous values back', async () => {
    await page.locator('.tree-tools button:has-text("Parameters")').click();
    await page.locator('#params-title').waitFor();
    assert.equal(await page.inputValue('#param-pollingPeriodSeconds'), String(original.pollingPeriodSeconds));
    await page.fill('#param-pollingPeriodSeconds', '0.01');
    await page.click('#params-apply');
    await page.locator('#param-pollingPeriodSeconds-msg .error-text').waitFor();
    assert.match(await page.locator('#param-pollingPeriodSeconds-msg').innerText(), /0\.1|poll/i);
    assert.equal((await rest('GET', 'parameters')).body.pollingPeriodSeconds, original.pollingPeriodSeconds, 'nothing changed');
    const next = original.pollingPeriodSeconds === 2 ? 3 : 2;
    await page.fill('#param-pollingPeriodSeconds', String(next));
    await page.click('#params-apply');
    await page.locator('.parameters .verdict').filter({ hasText: 'Parameters: done' }).waitFor();
    assert.equal((await rest('GET', 'parameters')).body.pollingPeriodSeconds, next);
    await page.click('button:has-text("Put back the previous values")');
    await eventually(async () => (await rest('GET', 'parameters')).body.pollingPeriodSeconds === original.pollingPeriodSeconds,
      'the previous polling period over REST');
    // The server may hold the old values back before the page has read its answer: wait for the form too.
    await eventually(async () => (await page.inputValue('#param-pollingPeriodSeconds')) === String(original.pollingPeriodSeconds),
      'the previous polling period in the form');
    assert.deepEqual(env.problems, []);
  });

  test('says before Apply what a change does to the switches: in place, or a reprogram for a mode change', async () => {
    await page.locator('.tree-tools button:has-text("Parameters")').click();
    await page.locator('#params-title').waitFor();
    const idle = original.idleTimeoutSeconds === 7 ? 8 : 7;
    await page.fill('#param-idleTimeoutSeconds', String(idle));
    await page.locator('#params-preview').filter({ hasText: /applied in place on 1 switch \(\d+ messages/ }).waitFor();
    await page.fill('#param-idleTimeoutSeconds', String(original.idleTimeoutSeconds));
    await page.selectOption('#param-mode', 'controller-assisted');
    const warning = page.locator('#params-preview.verdict-bad').filter({ hasText: /needs a reprogram of 1 switch .*about \d+\.\d s without enforcement/ });
    await warning.waitFor();
    assert.equal((await rest('GET', 'parameters')).body.mode, original.mode, 'a preview sets nothing');
    await page.selectOption('#param-mode', original.mode);
    await warning.waitFor({ state: 'detached' });
    assert.deepEqual(env.problems, []);
  });
});
