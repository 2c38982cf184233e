// The lab's login page and logout: the page without credentials leads to the login form (no
// browser prompt, no raw JSON), a wrong password is said so on the form, and Log out ends the
// session for the page and the REST API alike.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, PAGE_URL, USER, PASSWORD } from './harness.mjs';

describe('logging in and out of the lab', () => {
  let env;
  let page;

  before(async () => {
    env = await launch({ width: 1366, height: 768 });
    page = env.page;
  });

  after(async () => {
    if (env) await env.browser.close();
  });

  test('the logged-in page names the user and offers Log out', async () => {
    await page.locator('form.logout .user').filter({ hasText: USER }).waitFor();
    assert.equal(await page.evaluate(async () => (await fetch('../v1/devices')).status), 200, 'the session carries REST calls');
  });

  test('Log out ends the session: the page and the API ask for a login again', async () => {
    const cookie = (await env.context.cookies()).find((c) => c.name === 'HSDBA_SESSION');
    assert.ok(cookie, 'the login set the session cookie');
    const withSession = () => fetch(new URL('../v1/devices', PAGE_URL), { headers: { Cookie: `HSDBA_SESSION=${cookie.value}` } });
    assert.equal((await withSession()).status, 200);
    await Promise.all([page.waitForURL((u) => u.pathname.endsWith('/login'), { timeout: 10000 }), page.click('button:has-text("Log out")')]);
    // (Checked from Node: a 401 with its BASIC challenge inside the page would open the browser's prompt.)
    assert.equal((await withSession()).status, 401, 'the old session no longer opens the API');
    await page.goto(PAGE_URL);
    await page.locator('form[action$="/login"]').waitFor();
    assert.ok(new URL(page.url()).pathname.endsWith('/login'), `at ${page.url()}`);
  });

  test('a wrong password is said so on the form; the right one opens the GUI', async () => {
    await page.fill('#user', USER);
    await page.fill('#password', `${PASSWORD}-not`);
    await page.click('button:has-text("Log in")');
    await page.locator('.bad').filter({ hasText: 'Wrong user name or password' }).waitFor();
    await page.fill('#user', USER);
    await page.fill('#password', '');
    await shot(page, 'login');
    await page.fill('#password', PASSWORD);
    await Promise.all([page.waitForURL((u) => u.pathname.endsWith('/ui/')), page.click('button:has-text("Log in")')]);
    await page.locator('form.logout .user').filter({ hasText: USER }).waitFor();
    assert.deepEqual(env.problems, []);
  });
});
