// The page across a reload (F5) and Back in headless Chromium: the record
// (a file's own bytes), the game, the move, the chains marked, the options
// and the method tab come back with the same count; so does what was typed
// or placed and not yet counted (the paste box, the set-up position, the
// hand-count form, the panel open); a record or a paste over the storage
// quota is left out, the rest kept, no error; a new tab starts clean. Run by ctest (tests/CMakeLists.txt):
//   node tests/web/reload.test.mjs BUILD/gocount [SCREENSHOT_DIR]
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import assert from 'node:assert/strict';
import {root, tmp, shots, cli, step, run, helpers, shiftJisRecord} from './harness.mjs';

const example = join(root, 'examples/example.sgf');

await run(async (page, url, browser) => {
  await page.setViewport({width: 1366, height: 860});
  const {text, shot, resultBecomes, click} = helpers(page);
  // What the player sees of a count: the result, its line, the chains and the options.
  const seen = () => page.evaluate(() => ({
    result: document.getElementById('result').textContent,
    line: document.getElementById('result-line').textContent,
    move: document.getElementById('move-label').textContent,
    source: document.getElementById('dead-source').textContent,
    chains: [...document.querySelectorAll('#chains li')].map((li) => li.textContent),
    board: [...document.querySelectorAll('#overlay g.chain')].map((g) => g.getAttribute('class')),
    options: [...document.querySelectorAll('#options select, #options input')].map((c) => [c.id, c.value, c.checked]),
    tab: document.querySelector('#tabs [aria-selected=true]').id,
    side: document.querySelector('input[name=side]:checked').value,
    method: document.getElementById('method').textContent,
    reset: document.getElementById('reset').disabled,
  }));
  const reload = async () => {
    await page.reload();
    await page.waitForFunction(() => !document.getElementById('app').hidden, {timeout: 15000});
    await page.waitForFunction(() => !document.body.classList.contains('busy'));
  };
  await page.goto(url);

  await step('a reload keeps the file, the chain marked dead, the rules, the tab and side: the same count', async () => {
    await (await page.$('#file')).uploadFile(example);
    await resultBecomes('B+1.5');
    await click('#overlay [data-point="A8"]');  // a living stone, now dead (B7 and H7 are, by the marks)
    await resultBecomes(cli('--dead', 'A8,B7,H7', example).result);
    await page.select('#opt-rules', 'chinese');
    const want = cli('--rules', 'chinese', '--dead', 'A8,B7,H7', example);
    await resultBecomes(want.result);
    await click('#tab-half');
    await click('input[name=side][value=white]');
    const before = await seen();
    assert.match(before.line, /under Chinese rules/);
    assert.match(before.method, /White's side/);
    await reload();
    await resultBecomes(want.result);
    assert.deepEqual(await seen(), before);
    assert.equal(await page.$eval('#error', (e) => e.hidden), true);
    await shot('reload-1-kept');
  });

  await step('a move of the record is kept, and Back comes back to it', async () => {
    await page.select('#opt-rules', '');
    await page.focus('#board-wrap');
    for (const key of ['Home', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
    await page.waitForFunction(() => / at move 3: /.test(document.getElementById('result-line').textContent));
    await resultBecomes(cli('--move', '3', example).result);
    const before = await seen();
    await reload();
    assert.deepEqual(await seen(), before);
    assert.equal(await page.$eval('#move', (m) => m.value), '3');
    await page.goto(`${url}api/rules`);
    await page.goBack();
    await page.waitForFunction(() => !document.getElementById('app').hidden && !document.body.classList.contains('busy'));
    await resultBecomes(before.result);
    assert.deepEqual(await seen(), before);
  });

  await step('a Shift-JIS file comes back as its bytes: its komi and result read as the CLI reads them', async () => {
    const record = shiftJisRecord();
    assert.equal(cli(record).result, 'W+9.5');
    await (await page.$('#file')).uploadFile(record);
    await resultBecomes('W+9.5');
    await reload();
    await resultBecomes('W+9.5');
    assert.match(await text('#notes'), /Matches the recorded result 白９目半勝ち\./);
    await shot('reload-2-shift-jis');
  });

  await step('a record over the storage quota: the options kept, no error, the welcome (not the game before)', async () => {
    const big = join(tmp, 'big.sgf');  // 6 MB: its base64 is past sessionStorage's quota
    writeFileSync(big, readFileSync(example, 'utf8').replace('PB[Black]', `PB[Black]C[${'x'.repeat(6e6)}]`));
    await (await page.$('#file')).uploadFile(big);
    await resultBecomes('B+1.5');
    await page.$eval('#opt-komi', (k) => { k.value = '0.5'; k.dispatchEvent(new Event('change')); });
    await resultBecomes(cli('--komi', '0.5', example).result);
    await page.reload();
    await page.waitForFunction(() => document.getElementById('opt-rules').options.length > 1);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(await page.evaluate(() => ['app', 'welcome', 'error'].map((id) => document.getElementById(id).hidden)),
      [true, false, true]);
    assert.equal(await page.$eval('#opt-komi', (k) => k.value), '0.5');
    await shot('reload-3-too-large');
    await click('#example');
    await resultBecomes(cli('--komi', '0.5', example).result);
  });

  // What the player has typed and placed and not counted: the paste box, the
  // set-up editor (its fields and stones) and the hand-count form.
  const drafts = () => page.evaluate(() => ({
    paste: document.getElementById('paste-text').value,
    setup: [...document.querySelectorAll('#setup-form :is(input, select)')].map((c) => [c.id, c.value]),
    stones: [...document.querySelectorAll('#editor circle.stone')].map((c) => [c.dataset.point, c.getAttribute('class')]),
    toPlay: document.querySelector('#to-play [aria-pressed=true]').id,
    hand: [...document.querySelectorAll('#hand-form :is(input, select)')].map((c) => [c.id, c.value, c.required]),
    panels: ['paste', 'setup', 'hand'].filter((id) => !document.getElementById(id).hidden),
  }));

  await step('what is typed and placed, not yet counted, is kept: the paste box, the set-up position, the hand count', async () => {
    await click('#paste-open');
    await page.type('#paste-text', 'komi: 0.5\n. X O\nX X O\n. X O\n');
    await click('#setup-open');
    await page.select('#setup-size', '9');
    for (const p of ['C3', 'D4', 'E5']) await click(`#editor [data-point="${p}"]`);
    await click('#to-play-white');
    await click('#editor [data-point="F6"]');
    await click('#editor [data-point="G7"]', {button: 'right'});  // the other colour: black
    await page.type('#setup-komi', '7');
    await page.select('#setup-last-pass', 'white');
    await click('#hand-open');
    await page.select('#hand-rules', 'japanese');
    await page.select('#hand-size', '13');
    for (const [id, v] of [['#hand-komi', '6.5'], ['#hand-black-territory', '30'], ['#hand-white-territory', '25'],
      ['#hand-white-prisoners', '4']]) {
      await page.$eval(id, (e) => { e.value = ''; });
      await page.type(id, v);
    }
    const before = await drafts();
    assert.equal(before.stones.length, 5);
    assert.deepEqual(before.panels, ['hand']);
    await reload();
    await resultBecomes(cli('--komi', '0.5', example).result);  // the game shown stays too
    assert.deepEqual(await drafts(), before);
    assert.equal(await page.$eval('#error', (e) => e.hidden), true);
    await shot('reload-4-hand-kept');
    await click('#setup-open');  // the stones are still there once the editor is shown
    assert.deepEqual(await drafts(), {...before, panels: ['setup']});
    await shot('reload-5-setup-kept');
    await page.goto(`${url}api/rules`);
    await page.goBack();
    await page.waitForFunction(() => !document.getElementById('app').hidden && !document.body.classList.contains('busy'));
    assert.deepEqual(await drafts(), {...before, panels: ['setup']});
  });

  await step('a paste counted comes back as the game and in the paste box: kept once (twice would pass the quota)', async () => {
    // 3 MB: once it fits the quota, twice not. Its RE, the count with komi 0.5, tells it from the game before.
    const want = cli('--komi', '0.5', example).result;
    const big = readFileSync(example, 'utf8').replace('RE[B+1.5]', `RE[${want}]C[${'x'.repeat(3e6)}]`);
    await click('#paste-open');
    await page.$eval('#paste-text', (t, v) => { t.value = v; t.dispatchEvent(new Event('input')); }, big);
    await click('#paste-load');
    await page.waitForFunction(() => document.getElementById('paste').hidden, {timeout: 15000});
    assert.match(await text('#notes'), new RegExp(`Matches the recorded result ${want.replace('+', '\\+')}\\.`));
    await reload();
    await resultBecomes(want);
    assert.match(await text('#notes'), new RegExp(`Matches the recorded result ${want.replace('+', '\\+')}\\.`));
    assert.equal(await page.$eval('#paste-text', (t, v) => t.value === v, big), true);
  });

  await step('a paste over the storage quota is left out: the forms kept, no error', async () => {
    const before = await drafts();
    await click('#paste-open');
    await page.$eval('#paste-text', (t) => { t.value = 'x'.repeat(6e6); t.dispatchEvent(new Event('input')); });
    await reload();
    assert.deepEqual(await drafts(), {...before, paste: '', panels: ['paste']});
    assert.equal(await page.$eval('#error', (e) => e.hidden), true);
  });

  await step('a new tab starts clean', async () => {
    const fresh = await browser.newPage();
    await fresh.goto(url);
    await fresh.waitForFunction(() => document.getElementById('opt-rules').options.length > 1);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(await fresh.evaluate(() => [document.getElementById('app').hidden,
      document.getElementById('welcome').hidden, document.getElementById('opt-komi').value,
      document.getElementById('paste-text').value, document.getElementById('hand-komi').value,
      ['paste', 'setup', 'hand'].every((id) => document.getElementById(id).hidden)]), [true, false, '', '', '', true]);
    await fresh.close();
  });
});
