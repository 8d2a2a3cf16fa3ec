// The page on a phone-sized screen (390 x 844, touch) in headless Chromium: a
// count made by hand with Mays' tables, a position set up by taps and long
// presses, a diagram pasted with coordinates, and the answer on the first
// screen; each count checked against the CLI. Run by ctest:
//   node tests/web/phone.test.mjs BUILD/gocount [SCREENSHOT_DIR]
// With a SCREENSHOT_DIR it also leaves the gallery's page-phone.png,
// page-hand-phone.png, page-setup-phone.png and page-desktop.png (1280 px) there.
import {execFileSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import assert from 'node:assert/strict';
import {root, gocount, shots, tmp, cli, step, run, helpers} from './harness.mjs';

const PHONE = {width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2};

// `gocount tally --format json ARGS`: the CLI's hand count.
function tally(...args) {
  return JSON.parse(execFileSync(gocount, ['tally', '--format', 'json', ...args], {encoding: 'utf8'}));
}

await run(async (page, url) => {
  await page.setViewport(PHONE);
  const {text, resultBecomes, click} = helpers(page);
  // Where an element is on the screen as the player first sees it (scrolled to the top).
  const onFirstScreen = async (sel) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    return page.$eval(sel, (e) => {
      const r = e.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
    });
  };
  const inView = (sel) => page.$eval(sel, (e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  });
  const type = async (sel, value) => {
    await page.$eval(sel, (e) => { e.value = ''; });
    await page.type(sel, value);
  };
  const phoneShot = async (name, sel) => {
    if (!shots) return;
    if (sel) await page.$eval(sel, (e) => e.scrollIntoView({block: 'start'}));
    else await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: join(shots, `${name}.png`)});
  };
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('hand-rules').options.length > 1);

  await step('a Chinese count by hand: one number, the result and Mays\' tables as the CLI counts them', async () => {
    await click('#hand-open');
    assert.equal(await page.$eval('#hand-rules', (s) => s.value), 'chinese');
    assert.equal(await page.$eval('#hand-black-territory', (e) => e.offsetParent === null), true, 'territory field shown');
    await page.select('#hand-size', '9');
    await type('#hand-black', '44');
    await page.tap('#hand-count');
    const want = tally('--size', '9', '--black', '44', '--rules', 'chinese');
    await resultBecomes(want.result, '#hand-result');
    assert.ok(await inView('#hand-result'), 'the hand count\'s result is not on the screen');
    assert.match(await text('#hand-result-line'),
      new RegExp(`total points Black ${want.total_points.black}, White ${want.total_points.white} \\(komi ${want.komi}\\)`));
    // Black's side counted: the half count of that side, as Mays writes it;
    // no Full Counting, which counts both sides (White's 37 is the rest).
    const half = await page.$$eval('#hand-tables [data-method=half] tbody tr', (trs) => trs.map((tr) =>
      [...tr.children].map((td) => td.textContent)));
    const steps = want.methods.find((m) => m.method === 'half').steps;
    assert.deepEqual(half.find((r) => r[0] === 'Total points'),
      ['Total points', String(steps.find((s) => s.label === 'Total points').value)]);
    assert.ok(half.some((r) => r[0] === 'Margin of victory (x 2)'), JSON.stringify(half));
    assert.equal(await page.$$eval('#hand-tables [data-method=half] table', (t) => t.length), 1);
    assert.equal(await page.$$eval('#hand-tables [data-method=full]', (t) => t.length), 0);
    await phoneShot('page-hand-phone', '#hand');
  });

  await step('a count that does not add up is refused in one line naming the numbers', async () => {
    await type('#hand-white', '40');
    await page.tap('#hand-count');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await text('#error'), /^Error: total points 44 \+ 40 .* do not make the board's 81 points/);
    assert.equal(await page.$eval('#hand-result-box', (b) => b.hidden), true);
    await type('#hand-white', '');
  });

  await step('a Japanese count by hand: territory and prisoners', async () => {
    await page.select('#hand-rules', 'japanese');
    assert.equal(await page.$eval('#hand-black', (e) => e.offsetParent === null), true, 'the total still shown');
    for (const [id, v] of [['territory', ['20', '15']], ['prisoners', ['3', '5']]]) {
      await type(`#hand-black-${id}`, v[0]);
      await type(`#hand-white-${id}`, v[1]);
    }
    await page.tap('#hand-count');
    const want = tally('--size', '9', '--rules', 'japanese', '--black-territory', '20', '--white-territory', '15',
      '--black-prisoners', '3', '--white-prisoners', '5');
    await resultBecomes(want.result, '#hand-result');
    assert.match(await text('#hand-result-line'), /territory Black 20, White 15; prisoners Black 3, White 5/);
    assert.match(await text('#hand-tables'), /Territory left after the fill-in/);
    assert.match(await text('#error'), /^$/);
    await click('#hand-cancel');
  });

  await step('an AGA count by hand: total points, or territory and prisoners with the pass stones (Mays, Table 17)', async () => {
    await click('#hand-open');
    const shown = (sel) => page.$eval(sel, (e) => e.offsetParent !== null);
    assert.equal(await shown('#hand-by'), false, 'Japanese rules count one way: no choice');
    await page.select('#hand-rules', 'aga');
    assert.equal(await shown('#hand-by'), true, 'AGA rules count either way: the choice shown');
    assert.equal(await shown('#hand-black'), true, 'by total points first');
    await page.select('#hand-by', 'territory');
    assert.equal(await shown('#hand-black'), false, 'the total still shown');
    assert.equal(await shown('#hand-black-prisoners'), true, 'no prisoners to give');
    // Table 17's numbers, on the form's smallest board: 6 - 3 against 5 - 1.
    await type('#hand-komi', '0');
    for (const [id, v] of [['territory', ['6', '5']], ['prisoners', ['1', '3']]]) {
      await type(`#hand-black-${id}`, v[0]);
      await type(`#hand-white-${id}`, v[1]);
    }
    await page.tap('#hand-count');
    const want = tally('--size', '9', '--rules', 'aga', '--komi', '0', '--black-territory', '6', '--white-territory',
      '5', '--black-prisoners', '1', '--white-prisoners', '3');
    assert.equal(want.result, 'W+1');
    await resultBecomes(want.result, '#hand-result');
    assert.match(await text('#hand-result-line'), /under AGA rules: territory Black 6, White 5; prisoners Black 1, White 3/);
    const rows = await page.$$eval('#hand-tables [data-method=aga] tbody tr', (trs) => trs.map((tr) =>
      [...tr.children].map((td) => td.textContent)));
    assert.deepEqual(rows.find((r) => r[0] === 'Points'), ['Points', '3', '4']);
    assert.match(await text('#error'), /^$/);
    await page.select('#hand-rules', 'japanese');
    assert.equal(await shown('#hand-by'), false);
    await type('#hand-komi', '');
    await click('#hand-cancel');
  });

  // The position of the desktop test: Black's wall on B, White's on D, a
  // White stone at A3.
  const diagram = join(tmp, 'setup.txt');
  writeFileSync(diagram, 'komi: 0.5\n. X . O .\n. X . O .\nO X . O .\n. X . O .\n. X . O .\n');
  const want = cli(diagram);

  await step('setting up by taps: a tap places Black, taps cycle, a long press places White', async () => {
    await click('#setup-open');
    await page.select('#setup-size', 'custom');
    for (const [id, v] of [['#setup-width', '5'], ['#setup-height', '5'], ['#setup-komi', '0.5']])
      await page.$eval(id, (e, v) => { e.value = v; e.dispatchEvent(new Event('change')); }, v);
    const cell = (p) => page.$eval(`#editor [data-point="${p}"]`, (c) => c.getAttribute('class'));
    await page.tap('#editor [data-point="C3"]');
    assert.equal(await cell('C3'), 'stone black');
    await page.tap('#editor [data-point="C3"]');
    assert.equal(await cell('C3'), 'stone white');
    await page.tap('#editor [data-point="C3"]');
    assert.equal(await cell('C3'), 'empty');
    for (const p of ['B5', 'B4', 'B3', 'B2', 'B1']) await page.tap(`#editor [data-point="${p}"]`);
    // A long press: the other colour, once.
    const box = await (await page.$('#editor [data-point="A3"]')).boundingBox();
    await page.touchscreen.touchStart(box.x + box.width / 2, box.y + box.height / 2);
    await new Promise((r) => setTimeout(r, 700));
    await page.touchscreen.touchEnd();
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(await cell('A3'), 'stone white');
    // A right-click (a mouse) does the same.
    await click('#editor [data-point="E5"]', {button: 'right'});
    assert.equal(await cell('E5'), 'stone white');
    await click('#editor [data-point="E5"]', {button: 'right'});
    assert.equal(await cell('E5'), 'empty');
    await page.tap('#to-play-white');
    for (const p of ['D5', 'D4', 'D3', 'D2', 'D1']) await page.tap(`#editor [data-point="${p}"]`);
    assert.equal(await cell('D1'), 'stone white');
    await phoneShot('page-setup-phone', '#setup');
    await page.tap('#setup-count');
    await resultBecomes(want.result);
    assert.match(await text('#result-line'), new RegExp(`Black ${want.score.black}, White ${want.score.white}`));
    assert.ok(await onFirstScreen('#result'), 'the result is not on the first screen');
  });

  await step('a diagram pasted with gocount\'s own coordinates counts as the plain one', async () => {
    const printed = execFileSync(gocount, ['score', '--format', 'diagram', diagram], {encoding: 'utf8'});
    const board = printed.slice(printed.search(/^ +A B C D E$/m));
    assert.ok(board.length < printed.length && /^ +5 /m.test(board), printed);
    await click('#paste-open');
    await page.$eval('#paste-text', (t, v) => { t.value = v; }, `komi: 0.5\n${board}`);
    await page.tap('#paste-load');
    await page.waitForSelector('#paste', {hidden: true});  // read: the count of it under way
    await resultBecomes(want.result);
    assert.equal(await page.$eval('#error', (e) => e.hidden), true);
    // A framed diagram missing a row says which.
    await click('#paste-open');
    await page.$eval('#paste-text', (t) => { t.value = '   A B C\n 3 X O .\n 2 . X O\n'; });
    await page.tap('#paste-load');
    await page.waitForFunction(() => document.getElementById('error').textContent !== '', {timeout: 5000});
    assert.match(await text('#error'), /line 3: the diagram shows rows 3 to 2 only/);
  });

  await step('a 19x19 record: the result on the first screen at 390 px, no sideways scrolling, and at 1280 px', async () => {
    const record = join(root, 'examples/gnugo19.sgf');
    await (await page.$('#file')).uploadFile(record);
    await resultBecomes(cli(record).result);
    assert.ok(await onFirstScreen('#result'), 'the result is not on the first screen');
    assert.ok(await page.$eval('#result-box', (r) => r.getBoundingClientRect().bottom) <=
      await page.$eval('#board-wrap', (b) => b.getBoundingClientRect().top), 'the result is not above the board');
    await phoneShot('page-phone');
    // The wide tables (every rule set, the algebra) scroll on their own: the
    // page itself never scrolls sideways, nor is zoomed out to fit them.
    await page.waitForSelector('table.compare');
    await page.waitForSelector('table.algebra');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'the page scrolls sideways');
    assert.equal(await page.evaluate(() => window.innerWidth), PHONE.width, 'the page is zoomed out to fit');
    await page.setViewport({width: 1280, height: 900});  // from a phone: the page loads afresh
    await page.waitForSelector('#welcome', {visible: true});
    await (await page.$('#file')).uploadFile(record);
    await resultBecomes(cli(record).result);
    await phoneShot('page-desktop');
    assert.ok(await onFirstScreen('#result'), 'the result is not on the first screen at 1280 px: ' +
      await page.$eval('#result', (e) => JSON.stringify(e.getBoundingClientRect())));
  });
});
