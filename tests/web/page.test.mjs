// The page of `gocount serve` in headless Chromium (the Debian package),
// driven by puppeteer-core: what a player would notice, each count checked
// against the CLI on the same input. Run by ctest (tests/CMakeLists.txt):
//   node tests/web/page.test.mjs BUILD/gocount [SCREENSHOT_DIR]
// CHROMIUM names another browser binary.
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync, readdirSync, existsSync} from 'node:fs';
import {join} from 'node:path';
import assert from 'node:assert/strict';
import {root, gocount, tmp, shots, cli, step, run, helpers, shiftJisRecord} from './harness.mjs';

const example = join(root, 'examples/example.sgf');

await run(async (page, url, browser) => {
  await page.setViewport({width: 1366, height: 860});
  const downloads = join(tmp, 'downloads');
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', {behavior: 'allow', downloadPath: downloads});

  const {text, shot, resultBecomes, click} = helpers(page);
  await page.goto(url);
  await shot('0-welcome');

  await step('load examples/example.sgf from a file: the result B+1.5, the estimate per chain', async () => {
    const input = await page.$('#file');
    await input.uploadFile(example);
    await resultBecomes('B+1.5');
    const want = cli('--estimate', example);
    assert.equal(want.result, 'B+1.5');
    const chains = await page.$$eval('#chains li', (li) => li.length);
    assert.equal(chains, want.estimate.groups.length);
    assert.match(await text('#dead-source'), /record's marks/);
    assert.match(await text('#notes'), /Matches the recorded result B\+1\.5/);
    await shot('1-example');
    await click('#steps-box summary');
    execFileSync(gocount, ['score', '--format', 'svg', '--steps', '-o', join(tmp, 'steps'), example]);
    await page.waitForFunction(() => document.querySelectorAll('#steps figure').length > 0);
    const captions = await page.$$eval('#steps figcaption', (f) => f.map((c) => c.textContent));
    // The CLI's step pictures: example-1-dead.svg, example-2-removed.svg, ...
    const pictures = readdirSync(join(tmp, 'steps')).map((f) => /-(\d+)-(.*)\.svg$/.exec(f)).filter(Boolean)
      .sort((a, b) => a[1] - b[1]).map(([, n, name]) => `${n}. ${name}`);
    assert.deepEqual(captions, pictures);
    await shot('1b-steps', true);
    await click('#steps-box summary');
  });

  await step('the compare table shows every rule set, each as the CLI counts it', async () => {
    const rules = JSON.parse(execFileSync(gocount, ['rules', '--format', 'json'], {encoding: 'utf8'})).rules.map((r) => r.name);
    const want = JSON.parse(execFileSync(gocount, ['compare', '--format', 'json', example], {encoding: 'utf8'}));
    const rows = await page.$$eval('#compare tbody tr', (trs) => trs.map((tr) => [tr.dataset.rules, tr.querySelector('.res').textContent]));
    assert.deepEqual(rows.map((r) => r[0]).sort(), [...rules].sort());
    for (const [name, result] of rows) assert.equal(result, want.results[name], name);
    assert.match(await text('#compare'), /Black played the last move/);
  });

  await step('clicking a dead chain marks it alive, and the count follows the CLI', async () => {
    await click('#overlay [data-point="B7"]');
    const want = cli('--dead', 'H7', example).result;  // the marks less B7
    assert.notEqual(want, 'B+1.5');
    await resultBecomes(want);
    assert.match(await text('#dead-source'), /your choice/);
    await shot('2-toggled');
    await click('#overlay [data-point="A8"]');  // a living stone, now dead
    await resultBecomes(cli('--dead', 'A8,H7', '--alive', 'B7', example).result);
    await click('#reset');
    await resultBecomes('B+1.5');
  });

  await step('method tabs: Japanese counting under Japanese rules, the area methods disabled with why', async () => {
    assert.equal(await page.$eval('#tab-japanese', (b) => b.getAttribute('aria-selected')), 'true');
    assert.match(await text('#method'), /Territory left after the fill-in/);
    assert.equal(await page.$eval('#tab-full', (b) => b.className), 'off');
    await click('#tab-full');
    assert.match(await text('#method'), /does not count what Japanese rules count/);
  });

  await step('switching to Chinese rules: Mays\' tables, for Black\'s side or White\'s', async () => {
    await page.select('#opt-rules', 'chinese');
    await resultBecomes(cli('--rules', 'chinese', example).result);
    await click('#tab-half');
    assert.match(await text('#method'), /Black's side/);
    await click('input[name=side][value=white]');
    await page.waitForFunction(() => /White's side/.test(document.getElementById('method').textContent));
    assert.match(await text('#method'), /Half count of possible points/);
    assert.match(await text('#algebra'), /holds/);
    await shot('3-chinese-half', true);
    await page.select('#opt-rules', '');
    await resultBecomes('B+1.5');
  });

  await step('download the SGF: TB/TW marks of the player\'s choice, read back by the CLI; RE left out, saying why', async () => {
    await click('#overlay [data-point="B7"]');
    const want = cli('--dead', 'H7', example).result;
    await resultBecomes(want);
    await page.$eval('#set-result', (c) => { c.checked = true; });
    await click('#dl-sgf');
    await page.waitForFunction(() => /Saved/.test(document.getElementById('take-status').textContent));
    // B7 alive leaves Black's border open: no finished game's result to write.
    assert.match(await text('#take-status'),
      /\(RE not written: the position is not finished \(points still need a move\)\)/);
    let file;
    for (let i = 0; i < 100 && !file; ++i) {
      file = existsSync(downloads) && readdirSync(downloads).find((f) => f.endsWith('.sgf'));
      if (!file) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(file, 'no SGF downloaded');
    const sgf = readFileSync(join(downloads, file), 'utf8');
    assert.match(sgf, /TB\[/);
    assert.match(sgf, /TW\[/);
    assert.match(sgf, /RE\[B\+1\.5\]/);  // the record's, kept
    assert.equal(cli(join(downloads, file)).result, want);
    await click('#reset');
    await resultBecomes('B+1.5');
  });

  await step('a chain button says its chain, status and action; Enter toggles it and the focus stays on the chain', async () => {
    const b7 = '#chains button[data-stone="B7"]';
    assert.equal(await page.$eval(b7, (b) => b.getAttribute('aria-label')), 'white B7, dead: mark alive');
    await page.focus(b7);
    await page.keyboard.press('Enter');
    await resultBecomes(cli('--dead', 'H7', example).result);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.stone), 'B7');
    assert.equal(await page.$eval(b7, (b) => b.getAttribute('aria-label')), 'white B7, alive: mark dead');
    await click('#reset');
    await resultBecomes('B+1.5');
  });

  await step('a button that turns itself off hands the focus on: Reset to the first chain, Copy JSON to its row', async () => {
    const focused = () => page.evaluate(() => {
      const e = document.activeElement;
      return e === document.body ? 'body' : e.id || `${e.closest('[id]').id} ${e.dataset.stone || e.tagName}`;
    });
    await click('#overlay [data-point="B7"]');
    await resultBecomes(cli('--dead', 'H7', example).result);
    await page.focus('#reset');
    await page.keyboard.press('Enter');
    await resultBecomes('B+1.5');
    assert.equal(await page.$eval('#reset', (b) => b.disabled), true);
    const first = await page.$eval('#chains button', (b) => b.dataset.stone);
    assert.equal(await focused(), `chains ${first}`);
    await shot('2b-reset-focus');
    // A refused count turns the taking buttons off: the focus goes to the one left on.
    await page.focus('#copy-json');
    await page.$eval('#opt-komi', (k) => { k.value = 'x'; k.dispatchEvent(new Event('change')); });
    await page.waitForFunction(() => document.getElementById('copy-json').disabled);
    assert.equal(await focused(), 'set-result');
    await page.$eval('#opt-komi', (k) => { k.value = ''; k.dispatchEvent(new Event('change')); });
    await resultBecomes('B+1.5');
  });

  await step('the arrow keys step through the moves from the board, never from radio buttons, tabs or other buttons', async () => {
    const label = () => text('#move-label');
    assert.equal(await page.$eval('#move', (m) => m.getAttribute('aria-valuetext')), 'Move 7 of 7');
    await click('#tab-japanese');
    for (const sel of ['input[name=side][value=black]', '#tab-japanese', '#chains button[data-stone="B7"]', '#dl-svg', '#opt-rules']) {
      await page.focus(sel);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Home');
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(await label(), 'Move 7 of 7 (the end)', sel);
    }
    assert.equal(await page.$eval('#chains', (c) => c.querySelector('[data-stone="B7"]') !== null), true);
    await page.focus('#board-wrap');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await label(), 'Move 6 of 7');
    assert.equal(await page.$eval('#move', (m) => m.getAttribute('aria-valuetext')), 'Move 6 of 7');
    await resultBecomes(cli('--move', '6', example).result);
    await page.keyboard.press('End');
    await resultBecomes('B+1.5');
    await page.click('input[name=side][value=black]');
  });

  await step('the ownership squares have their rows in the legend, under the picture\'s own, shown with them', async () => {
    const want = cli(example);
    const rows = await page.$$eval('#ownership-legend [data-legend]', (g) => g.map((r) => [r.dataset.legend, r.textContent]));
    const kinds = ['black', 'white'].filter((c) => want.ownership.some((v) => (c === 'black' ? v > 0 : v < 0)));
    assert.deepEqual(rows.map((r) => r[0]), kinds);
    assert.match(rows[0][1], /ownership, Black's \(the fainter, the less sure\)/);
    // Inside the picture, which is drawn taller for them, below the picture's legend.
    const [bottom, height] = await page.$eval('#overlay', (o) => [
      Math.max(...[...o.querySelectorAll('#ownership-legend rect')].map((r) => Number(r.getAttribute('y')) + Number(r.getAttribute('height')))),
      Number(o.getAttribute('viewBox').split(' ')[3])]);
    assert.ok(bottom <= height, `${bottom} > ${height}`);
    const svg = execFileSync(gocount, ['score', '--format', 'svg', example], {encoding: 'utf8'});
    assert.equal(height, Number(/height="(\d+)"/.exec(svg)[1]) + 24 * kinds.length);
    await click('#show-ownership');
    assert.equal(await page.$eval('#ownership-legend', (g) => g.style.display), 'none');
    await click('#show-ownership');
  });

  await step('switching rules leaves out the options the rules leave nothing to do, saying why: never stuck', async () => {
    await page.select('#opt-rules', 'chinese');
    await resultBecomes(cli('--rules', 'chinese', example).result);
    await page.select('#opt-seki-fill', 'half');
    await resultBecomes(cli('--rules', 'chinese', '--seki-fill', 'half', example).result);
    await page.select('#opt-rules', 'japanese');
    await resultBecomes(cli('--rules', 'japanese', example).result);
    assert.match(await text('#result-line'), /under Japanese rules/);
    assert.equal(await page.$eval('#error', (e) => e.hidden), true);
    assert.equal(await page.$eval('#opt-seki-fill', (s) => s.disabled), true);
    // In the words the command line refuses the option with.
    let refusal = null;
    try {
      execFileSync(gocount, ['score', '--rules', 'japanese', '--seki-fill', 'half', example], {stdio: 'pipe'});
    } catch (e) {
      refusal = String(e.stderr).trim().replace(/^gocount: /, '');
    }
    assert.match(refusal, /Japanese rules fill none/);
    assert.equal(await page.$eval('#opt-seki-fill', (s) => s.closest('label').title), `Not used: ${refusal}`);
    // Territory counting's options, then the table's "count by these" with them set.
    await page.select('#opt-territory', 'enclosed');
    await page.$eval('#opt-seki-dead-prisoners', (c) => c.click());
    await resultBecomes(cli('--rules', 'japanese', '--territory', 'enclosed', '--seki-dead-prisoners', example).result);
    await click('#compare button[data-rules=chinese]');
    await resultBecomes(cli('--rules', 'chinese', '--seki-fill', 'half', example).result);
    assert.equal(await page.$eval('#error', (e) => e.hidden), true);
    assert.deepEqual(await page.$eval('#options', () => ['opt-territory', 'opt-seki-dead-prisoners', 'opt-seki-fill', 'opt-compensation']
      .map((id) => document.getElementById(id).disabled)), [true, true, false, false]);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.rules), 'chinese');  // the focus stays on the row
    await page.select('#opt-compensation', 'n-1');
    await click('#compare button[data-rules=korean]');
    await resultBecomes(cli('--rules', 'korean', '--territory', 'enclosed', '--seki-dead-prisoners', example).result);
    assert.equal(await page.$eval('#opt-compensation', (s) => s.disabled), true);
    for (const id of ['#opt-seki-fill', '#opt-territory', '#opt-compensation']) await page.select(id, '');
    await page.$eval('#opt-seki-dead-prisoners', (c) => c.click());
    await page.select('#opt-rules', '');
    await resultBecomes('B+1.5');
  });

  await step('a refused count: what is shown is marked not current, the error beside the options; taking it away is off', async () => {
    await page.$eval('#opt-komi', (k) => { k.value = 'abc'; k.dispatchEvent(new Event('change')); });
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await text('#error'), /komi/);
    assert.equal(await page.$eval('#app', (a) => a.classList.contains('stale')), true);
    assert.match((await text('#stale')).replace(/\s+/g, ' '), /^Not current: the count shown is the one before; the server refused this one \(field 'komi'/);
    for (const id of ['#dl-sgf', '#dl-svg', '#dl-png', '#copy-json']) assert.equal(await page.$eval(id, (b) => b.disabled), true, id);
    await page.waitForFunction(() => getComputedStyle(document.getElementById('board-wrap')).opacity === '0.35', {timeout: 3000});
    assert.ok(await page.$eval('#stale', (e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }));
    await shot('7b-not-current');
    await page.$eval('#opt-komi', (k) => { k.value = ''; k.dispatchEvent(new Event('change')); });
    await page.waitForFunction(() => !document.getElementById('app').classList.contains('stale'));
    await resultBecomes('B+1.5');
    assert.equal(await page.$eval('#stale', (e) => e.hidden), true);
    assert.equal(await page.$eval('#copy-json', (b) => b.disabled), false);
  });

  await step('a tie White wins is said plainly: "White wins the tie under Japanese rules"', async () => {
    await page.$eval('#opt-komi', (k) => { k.value = '8'; k.dispatchEvent(new Event('change')); });
    await page.select('#opt-tie', 'white');
    await resultBecomes('W+0');
    assert.match(await text('#result-line'), /^White wins the tie under Japanese rules: /);
    await page.select('#opt-tie', '');
    await page.$eval('#opt-komi', (k) => { k.value = ''; k.dispatchEvent(new Event('change')); });
    await resultBecomes('B+1.5');
  });

  await step('each "count by these" button is named with its rule set', async () => {
    const names = await page.$$eval('#compare button[data-rules]', (bs) => bs.map((b) => b.getAttribute('aria-label')));
    assert.ok(names.includes('count by Chinese rules'), names.join());
    assert.equal(new Set(names).size, names.length);
  });

  await step('stepping back through a record: the position shown, "not finished" when it is not', async () => {
    const record = join(root, 'tests/data/midgame_pass.sgf');
    await (await page.$('#file')).uploadFile(record);
    await resultBecomes(cli(record).result);
    await page.focus('#board-wrap').catch(() => {});
    await page.keyboard.press('Home');
    const want0 = cli('--estimate', '--move', '0', record);
    assert.equal(want0.estimate.finished, false);
    await resultBecomes(want0.result);
    assert.match(await text('#move-label'), /^Move 0 of 13/);
    assert.match(await text('#not-finished'), new RegExp(`Not finished.*${want0.estimate.needs_move[0]}`));
    assert.doesNotMatch(await text('#not-finished'), /Open border/);  // an empty board has none
    await shot('4-not-finished');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /^Move 3 of/.test(document.getElementById('move-label').textContent));
    const want3 = cli('--estimate', '--move', '3', record);
    await resultBecomes(want3.result);
    assert.equal(await page.$('#not-finished') !== null, !want3.estimate.finished);
    await click('#last');
    await resultBecomes(cli(record).result);
  });

  await step('setting up a 5x5 position by clicking gives the CLI\'s count of the same diagram', async () => {
    await click('#setup-open');
    await page.select('#setup-size', 'custom');
    // A width out of 1..52: the field shows the one used.
    await page.$eval('#setup-width', (e) => { e.value = '60'; e.dispatchEvent(new Event('change')); });
    assert.equal(await page.$eval('#setup-width', (e) => e.value), '52');
    assert.equal(await page.$$eval('#editor [data-point$="1"]', (c) => c.length) > 0, true);
    for (const [id, v] of [['#setup-width', '5'], ['#setup-height', '5'], ['#setup-komi', '0.5'], ['#setup-black-captures', '2']]) {
      await page.$eval(id, (e, v) => { e.value = v; e.dispatchEvent(new Event('change')); }, v);
    }
    for (const p of ['B5', 'B4', 'B3', 'B2', 'B1']) await click(`#editor [data-point="${p}"]`);
    await click('#to-play-white');
    for (const p of ['D5', 'D4', 'D3', 'D2', 'D1', 'A3']) await click(`#editor [data-point="${p}"]`);
    // The keyboard's focus on a chip: a 3px ring, not faded with the chip not pressed; the chip pressed has no
    // outline (its rim is inside), so the one is never taken for the other.
    await page.focus('#to-play-white');
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    assert.deepEqual(await page.evaluate(() => [document.activeElement.id,
      getComputedStyle(document.activeElement).outlineWidth,
      ...['to-play-black', 'to-play-white'].map((id) => getComputedStyle(document.getElementById(id)))
        .map((c) => [c.outlineStyle, c.opacity])]),
    ['to-play-black', '3px', ['solid', '1'], ['none', '1']]);
    await shot('5-setup');
    await click('#setup-count');
    const diagram = join(tmp, 'setup.txt');
    writeFileSync(diagram, 'komi: 0.5\nblack-captures: 2\n. X . O .\n. X . O .\nO X . O .\n. X . O .\n. X . O .\n');
    const want = cli(diagram);
    await resultBecomes(want.result);
    assert.match(await text('#result-line'), new RegExp(`Black ${want.score.black}, White ${want.score.white}`));
    await shot('6-setup-counted');
  });

  await step('a Shift-JIS record: its komi and its result in Japanese read as the CLI reads them', async () => {
    const record = shiftJisRecord();
    const want = cli(record);
    assert.equal(want.result, 'W+9.5');
    assert.equal(want.black_player, '表ソ');
    await (await page.$('#file')).uploadFile(record);
    await resultBecomes('W+9.5');
    assert.match(await text('#notes'), /Matches the recorded result 白９目半勝ち\./);
    await shot('5c-shift-jis');
  });

  await step('a GB2312 record is sent as its bytes: the SGF downloaded is in GB2312 still, as the CLI writes it', async () => {
    const record = join(tmp, 'gb.sgf');
    const gb = Buffer.from([0xba, 0xda, 0xc6, 0xe5]);  // 黑棋
    writeFileSync(record, Buffer.concat([Buffer.from('(;FF[4]CA[gb2312]PB['), gb, Buffer.from(']'),
      Buffer.from(readFileSync(example, 'latin1').slice('(;FF[4]'.length).replace('PB[Black]', ''), 'latin1')]));
    const want = cli(record);
    assert.equal(want.black_player, '黑棋');
    await (await page.$('#file')).uploadFile(record);
    await resultBecomes(want.result);
    await click('#overlay [data-point="B7"]');
    await resultBecomes(cli('--dead', 'H7', record).result);
    await click('#dl-sgf');
    let sgf;
    for (let i = 0; i < 100 && !sgf; ++i) {
      if (existsSync(join(downloads, 'gb-counted.sgf'))) sgf = readFileSync(join(downloads, 'gb-counted.sgf'));
      else await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(sgf, 'no SGF downloaded');
    assert.ok(sgf.includes(Buffer.from('CA[gb2312]PB[')) && sgf.includes(Buffer.concat([Buffer.from('PB['), gb, Buffer.from(']')])));
    assert.ok(!sgf.includes(Buffer.from('黑棋')), 'written as UTF-8');
    const back = join(tmp, 'gb-back.sgf');
    writeFileSync(back, sgf);
    assert.equal(cli(back).black_player, '黑棋');
    assert.equal(cli(back).result, cli('--dead', 'H7', record).result);
  });

  await step('a UTF-16 record (a byte-order mark) is read as the CLI reads it', async () => {
    const record = join(root, 'tests/data/utf16.sgf');
    await (await page.$('#file')).uploadFile(record);
    await resultBecomes(cli(record).result);
    assert.equal(await page.$eval('#error', (e) => e.hidden), true);
    assert.equal(await page.$eval('#dl-sgf', (b) => b.disabled), false);  // an SGF record, not a diagram
  });

  await step('a collection: choose game 1 of 2', async () => {
    const collection = join(tmp, 'two.sgf');
    writeFileSync(collection, readFileSync(example, 'utf8') + readFileSync(join(root, 'tests/data/handicap2.sgf'), 'utf8'));
    await (await page.$('#file')).uploadFile(collection);
    await resultBecomes('B+1.5');
    assert.equal(await page.$$eval('#games option', (o) => o.length), 2);
    await page.select('#games', '1');
    await resultBecomes(cli('--game', '1', collection).result);
    assert.match(await text('#move-label'), /of 15/);
    const one = join(tmp, 'one.sgf');
    writeFileSync(one, '(;SZ[9];B[ee])(;SZ[9];B[ee];W[cc])');
    await (await page.$('#file')).uploadFile(one);
    await page.waitForFunction(() => /1 move\)$/.test(document.querySelector('#games option').textContent));
    assert.match(await page.$eval('#games option:last-child', (o) => o.textContent), /\(2 moves\)$/);
  });

  await step('the algebra names the terms the seed leaves out, as the text does, and holds with them', async () => {
    const diagram = join(root, 'tests/data/teire.txt');
    const want = cli(diagram);
    await (await page.$('#file')).uploadFile(diagram);
    await resultBecomes(want.result);
    const explained = execFileSync(gocount, ['score', '--explain', diagram], {encoding: 'utf8'});
    const [, terms] = /\(Wz \d+ - Bz \d+\)(.*): the identity holds/.exec(explained);
    assert.match(terms, /^ \+ S 1 \+ R \(-4\)$/);
    const algebra = await text('#algebra');
    assert.ok(algebra.includes(`${terms}: the identity holds`), algebra);
    for (const c of want.algebra.causes) assert.ok(algebra.includes(`${c.term}: ${c.cause}`), c.cause);
  });

  await step('a 19x19 game: ownership shaded as the JSON says, a chain\'s reason on hover', async () => {
    const record = join(root, 'examples/gnugo19.sgf');
    await page.setViewport({width: 1280, height: 900});
    await (await page.$('#file')).uploadFile(record);
    const want = cli(record);
    await resultBecomes(want.result);
    assert.equal(want.ownership_source, 'estimate');
    assert.match(await text('#ownership-source'), /estimate/);
    assert.equal(await page.$eval('#show-ownership', (c) => c.checked), true);
    const shown = await page.$$eval('#ownership rect', (rs) => rs.map((r) =>
      [r.dataset.ownPoint, Number(r.dataset.ownership), r.getAttribute('class'), Number(r.getAttribute('fill-opacity'))]));
    const byPoint = new Map(shown.map(([p, ...rest]) => [p, rest]));
    const letters = 'ABCDEFGHJKLMNOPQRST';
    const name = (i) => `${letters[i % want.width]}${want.height - Math.floor(i / want.width)}`;
    assert.equal(shown.length, want.ownership.filter((v) => v !== 0).length);
    want.ownership.forEach((v, i) => {
      if (v === 0) return;
      const [own, cls, opacity] = byPoint.get(name(i)) || [];
      assert.equal(own, v, name(i));
      assert.equal(cls, v > 0 ? 'black' : 'white', name(i));
      assert.ok(opacity > 0 && opacity <= 1, name(i));
    });
    // Territory and dead stones as the count has them: the squares agree in sign.
    const sign = (p) => Math.sign(byPoint.get(p)[0]);
    assert.equal(sign(want.points.black_territory[0]), 1);
    assert.equal(sign(want.points.white_territory[0]), -1);
    for (const p of want.points.dead.black) assert.equal(sign(p), -1, p);
    for (const p of want.points.dead.white) assert.equal(sign(p), 1, p);
    await shot('8-ownership-19x19');
    await click('#show-ownership');
    assert.equal(await page.$eval('#ownership', (g) => g.style.display), 'none');
    await click('#show-ownership');
    assert.equal(await page.$eval('#ownership', (g) => g.style.display), '');
    // The chains the page lays over the picture sit on the picture's stones:
    // every dead stone's circle where the SVG draws a dead stone (and its key one).
    const svg = execFileSync(gocount, ['score', '--format', 'svg', record], {encoding: 'utf8'});
    const drawn = new Set([...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+" class="s[bw] dead"/g)]
      .map((m) => `${Number(m[1])},${Number(m[2])}`));
    const laid = await page.$$eval('#overlay g.chain.dead circle', (cs) =>
      cs.map((c) => `${Number(c.getAttribute('cx'))},${Number(c.getAttribute('cy'))}`));
    assert.ok(laid.length > 0, "no dead chain laid over the picture");
    for (const at of laid) assert.ok(drawn.has(at), at);
    // Hovering a dead chain says who decided it, how sure and why.
    const dead = want.dead_chains[0];
    await page.hover(`#overlay [data-point="${dead.stones[0]}"]`);
    await page.waitForSelector('#chain-tip:not([hidden])');
    const tip = await text('#chain-tip');
    assert.ok(tip.includes(dead.reason), tip);
    assert.ok(tip.includes(`confidence ${Math.round(dead.confidence * 100)}%`), tip);
    assert.match(tip, new RegExp(`^${dead.color} .*: dead \\(by the estimate`));
    await shot('8b-hover');
    await page.mouse.move(0, 0);
    await page.waitForSelector('#chain-tip', {hidden: true});
    await page.setViewport({width: 1366, height: 860});
  });

  await step('an API error is shown in one line, and the page stays', async () => {
    await click('#paste-open');
    await page.$eval('#paste-text', (t) => { t.value = 'komi: 6.5\nX O Y\n'; });
    await click('#paste-load');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await text('#error'), /^Error: .*unexpected 'Y'/);
    assert.equal(await page.$eval('#app', (a) => a.hidden), false);
    assert.notEqual(await text('#result'), '');
    await shot('7-error');
  });

  await step('a diagram the list takes but the count refuses: the page stays on the game before, the paste panel open', async () => {
    const before = await text('#result');
    const json = await page.evaluate(() => document.getElementById('dl-svg').disabled);
    await page.$eval('#paste-text', (t) => { t.value = '. X O\nX X O\n. X O'; });
    await click('#paste-load');
    await page.waitForFunction(() => /has no liberty/.test(document.getElementById('error').textContent));
    assert.match(await text('#error'), /mark it dead\) \(in a diagram, a lowercase x or o marks a dead stone\)$/);
    assert.equal(await page.$eval('#paste', (p) => p.hidden), false);
    assert.equal(await page.$eval('#paste-text', (t) => t.value), '. X O\nX X O\n. X O');
    assert.equal(await text('#result'), before);
    assert.equal(await page.evaluate(() => document.getElementById('dl-svg').disabled), json);
    const file = join(root, 'tests/data/captured_left_on.txt');
    await (await page.$('#file')).uploadFile(file);
    await page.waitForFunction(() => /A4 has no liberty/.test(document.getElementById('error').textContent));
    assert.equal(await text('#result'), before);
  });

  await step('on a fresh page, the same diagram leaves the welcome, no empty board', async () => {
    const fresh = await browser.newPage();
    fresh.on('pageerror', (e) => { throw e; });
    await fresh.goto(url);
    await fresh.waitForFunction(() => document.getElementById('opt-rules').options.length > 1);
    await fresh.click('#paste-open');
    await fresh.$eval('#paste-text', (t) => { t.value = '. X O\nX X O\n. X O'; });
    await fresh.click('#paste-load');
    await fresh.waitForSelector('#error:not([hidden])');
    assert.deepEqual(await fresh.evaluate(() => ['app', 'paste', 'welcome'].map((id) => document.getElementById(id).hidden)),
      [true, false, false]);
    if (shots) await fresh.screenshot({path: join(shots, '7c-refused-fresh.png')});
    await fresh.close();
  });
});
