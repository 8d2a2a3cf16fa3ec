// A web app on another origin calling the API of `gocount serve` from headless
// Chromium, as a developer would: with --cors naming the app's origin the
// browser's preflight is answered and the app reads every answer (a JSON
// request, a record of more than 8 KB sent as it is, a refusal); without it
// the browser keeps the answers from the app. And the server's own page
// loads with no error in the console (no 404 for a favicon). Run by ctest
// (tests/CMakeLists.txt):
//   node tests/web/cors.test.mjs BUILD/gocount
// CHROMIUM names another browser binary.
import {spawn, execFileSync} from 'node:child_process';
import {createServer} from 'node:http';
import {mkdtempSync, readFileSync, writeFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import assert from 'node:assert/strict';
import puppeteer from 'puppeteer-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const gocount = resolve(process.argv[2] || join(root, 'build/gocount'));
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const tmp = mkdtempSync(join(tmpdir(), 'gocount-cors-'));
const example = readFileSync(join(root, 'examples/example.sgf'), 'utf8');
// The example with a long comment: past the 8,192 bytes the library's own
// reading of a form body stops at.
const big = example.replace(';', ';C[' + 'x'.repeat(20000) + ']');
const bigFile = join(tmp, 'big.sgf');
writeFileSync(bigFile, big);

// The CLI's answer for a file, without the file's name.
function cli(file) {
  const j = JSON.parse(execFileSync(gocount, ['score', '--format', 'json', file], {encoding: 'utf8'}));
  delete j.file;
  return j;
}

function startGocount(...args) {
  return new Promise((ok, fail) => {
    const server = spawn(gocount, ['serve', '--port', '0', ...args], {stdio: ['ignore', 'pipe', 'inherit']});
    let out = '';
    server.on('error', fail);
    server.on('exit', (code) => fail(new Error(`gocount serve exited (${code}) before printing its address`)));
    server.stdout.on('data', (d) => {
      out += d;
      const m = /open (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) ok({server, url: m[1]});
    });
  });
}

// The app: an empty page of its own origin (the icon a data: URI, so that
// its own server owes none).
const app = createServer((req, res) => {
  res.writeHead(200, {'Content-Type': 'text/html'});
  res.end('<!doctype html><html><head><link rel="icon" href="data:,"><title>app</title></head><body>app</body></html>');
});
await new Promise((ok) => app.listen(0, '127.0.0.1', ok));
const appOrigin = `http://127.0.0.1:${app.address().port}`;
const allowed = await startGocount('--cors', appOrigin);
const closed = await startGocount();

// Each check printed as TAP: "ok N - what".
let passed = 0;
const step = async (name, fn) => console.log(`ok ${(await fn(), ++passed)} - ${name}`);

const browser = await puppeteer.launch({
  executablePath: chromium, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--user-data-dir=${join(tmp, 'profile')}`],
  env: {...process.env, HOME: tmp},
});
let failed = false;
try {
  await step("the server's own page loads with nothing refused: no console error, the favicon served", async () => {
    const page = await browser.newPage();
    const console_ = [], refused = [];
    page.on('console', (m) => { if (m.type() === 'error') console_.push(`${m.text()} ${m.location()?.url || ''}`); });
    page.on('response', (r) => { if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`); });
    // The icon the browser asks for by itself, whatever the page says.
    const icon = page.waitForResponse((r) => new URL(r.url()).pathname === '/favicon.ico', {timeout: 15000});
    await page.goto(`${allowed.url}/`, {waitUntil: 'networkidle0'});
    const answer = await icon;
    assert.deepEqual([answer.status(), answer.headers()['content-type']], [200, 'image/x-icon']);
    assert.deepEqual(console_, [], 'console errors');
    assert.deepEqual(refused, [], 'refused requests');
    await page.close();
  });

  const page = await browser.newPage();
  await page.goto(`${appOrigin}/`);
  // fetch from the app's page: the status, the body, or the browser's refusal.
  const call = (url, init) => page.evaluate(async (url, init) => {
    try {
      const r = await fetch(url, init);
      return {status: r.status, body: await r.json()};
    } catch (e) {
      return {refused: String(e)};
    }
  }, url, init);

  await step('with --cors: a JSON request (preflighted) is answered as the CLI counts', async () => {
    const r = await call(`${allowed.url}/api/score`, {
      method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({record: example}),
    });
    assert.equal(r.status, 200, JSON.stringify(r));
    delete r.body.file;
    assert.deepEqual(r.body, cli(join(root, 'examples/example.sgf')));
  });

  await step('with --cors: a record of more than 8 KB sent as it is, as a form, is read whole', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const r = await call(`${allowed.url}/api/score?rules=japanese`, {method: 'POST', headers: {'Content-Type': type}, body: big});
      assert.equal(r.status, 200, `${type}: ${JSON.stringify(r).slice(0, 300)}`);
      delete r.body.file;
      assert.deepEqual(r.body, cli(bigFile), type);
    }
  });

  await step('with --cors: the app reads a refusal (405 for a GET, 400 for no record)', async () => {
    const get = await call(`${allowed.url}/api/score`);
    assert.deepEqual(get, {status: 405, body: {error: '/api/score answers POST, not GET'}});
    const empty = await call(`${allowed.url}/api/score`, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{}'});
    assert.equal(empty.status, 400);
    assert.match(empty.body.error, /^no record/);
  });

  await step('without --cors: the browser keeps every answer from the app', async () => {
    const json = await call(`${closed.url}/api/score`, {
      method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({record: example}),
    });
    assert.match(json.refused || '', /TypeError/, JSON.stringify(json));
    const plain = await call(`${closed.url}/api/score`, {method: 'POST', body: example});
    assert.match(plain.refused || '', /TypeError/, JSON.stringify(plain));
  });
} catch (e) {
  failed = true;
  console.error(`not ok ${passed + 1}: ${e.stack || e}`);
} finally {
  await browser.close();
  allowed.server.kill();
  closed.server.kill();
  app.close();
  rmSync(tmp, {recursive: true, force: true});
}
process.exit(failed ? 1 : 0);
