// What the browser tests of the page share: the server, headless Chromium
// (the Debian package, or CHROMIUM), the CLI's answer for the same input,
// numbered steps, and the page's helpers for waiting on a result.
import {spawn, execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import assert from 'node:assert/strict';
import puppeteer from 'puppeteer-core';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const gocount = resolve(process.argv[2] || join(root, 'build/gocount'));
export const shots = process.argv[3] || process.env.GOCOUNT_SCREENSHOTS || '';
export const tmp = mkdtempSync(join(tmpdir(), 'gocount-page-'));

// The CLI's answer for the same input: `gocount score --format json ARGS`.
export function cli(...args) {
  return JSON.parse(execFileSync(gocount, ['score', '--format', 'json', ...args], {encoding: 'utf8'}));
}

// A 9x9 record in Shift-JIS, written to tmp: its path. 表ソ ends in 0x5C
// twice: read as UTF-8, PB would swallow KM. By hand: Black's wall on D
// with 27 points, White's on E with 36, komi 0.5: W+9.5 (RE 白９目半勝ち).
export function shiftJisRecord() {
  const sjis = (s) => Buffer.from(s, 'latin1');
  const record = join(tmp, 'sjis.sgf');
  writeFileSync(record, Buffer.concat([
    sjis('(;CA[Shift_JIS]SZ[9]RU[Japanese]PB['), sjis('\x95\x5C\x83\x5C'), sjis(']KM[0.5]RE['),
    sjis('\x94\x92\x82\x58\x96\xDA\x94\xBC\x8F\x9F\x82\xBF'),
    sjis(']AB[da][db][dc][dd][de][df][dg][dh][di]AW[ea][eb][ec][ed][ee][ef][eg][eh][ei];B[];W[])')]));
  return record;
}

function startServer() {
  return new Promise((ok, fail) => {
    const server = spawn(gocount, ['serve', '--port', '0'], {stdio: ['ignore', 'pipe', 'inherit']});
    let out = '';
    server.on('error', fail);
    server.on('exit', (code) => fail(new Error(`gocount serve exited (${code}) before printing its address`)));
    server.stdout.on('data', (d) => {
      out += d;
      const m = /open (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) ok({server, url: m[1]});
    });
  });
}

const steps = [];
export async function step(name, fn) {
  const t = Date.now();
  await fn();
  steps.push(name);
  console.log(`ok ${steps.length} - ${name} (${Date.now() - t} ms)`);
}

// Runs `body(page, url, browser)` against a fresh server and browser; reports
// the failing step, page errors, and exits 1 on failure.
export async function run(body) {
  const {server, url} = await startServer();
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--user-data-dir=${join(tmp, 'profile')}`],
    env: {...process.env, HOME: tmp},
  });
  const errors = [];
  let failed = false;
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await body(page, url, browser);
    assert.deepEqual(errors, [], 'errors in the page');
  } catch (e) {
    failed = true;
    console.error(`not ok ${steps.length + 1}: ${e.stack || e}`);
    if (errors.length) console.error(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    server.kill();
    rmSync(tmp, {recursive: true, force: true});
  }
  process.exit(failed ? 1 : 0);
}

// The page's helpers: text of an element, a screenshot into `shots`, waiting
// for a result.
export function helpers(page) {
  const text = (sel) => page.$eval(sel, (e) => e.textContent.trim());
  const shot = async (name, fullPage = false) => {
    if (!shots) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: join(shots, `${name}.png`), fullPage});
  };
  const resultBecomes = async (want, sel = '#result') => {
    await page.waitForFunction((w, s) => !document.body.classList.contains('busy') &&
      document.querySelector(s).textContent === w, {timeout: 15000}, want, sel).catch(async () => {
      assert.fail(`result shown: ${await text(sel)}, want ${want}; error line: ${await text('#error')}`);
    });
  };
  const click = async (sel, options) => {
    await page.waitForSelector(sel, {visible: true});
    await page.click(sel, options);
  };
  return {text, shot, resultBecomes, click};
}
