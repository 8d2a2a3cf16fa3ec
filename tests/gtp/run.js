// gocount gtp driven by a real GTP client: Sabaki's own library, @sabaki/gtp.
//
//   node tests/gtp/run.js build/gocount record|referee|malformed
//
// record:    records played into `gocount gtp` move by move (boardsize, komi,
//            kata-set-rules, set_free_handicap, play, gocount-dead for the
//            record's marks); final_score and final_status_list dead must equal
//            `gocount score --format json` on the same record.
// referee:   GNU Go (/usr/games/gnugo, --level 1, a --seed per game) plays 9x9
//            games against itself; gocount, attached as referee through the
//            same client, is sent every move and scores the final position;
//            its answers must equal `gocount score` on a record this test
//            writes from the moves played.
// malformed: wrong commands through the client, then raw bytes (binary junk,
//            a line past the limit, NUL, CR LF, tabs) on the engine's standard
//            input: every one answered, the engine alive to the end and gone
//            with exit status 0 at the end of input.
//
// Exit status 77 (ctest: skipped) when node_modules or GNU Go is missing.
'use strict'

const fs = require('fs')
const os = require('os')
const path = require('path')
const {execFileSync, spawn} = require('child_process')

const here = __dirname
const root = path.resolve(here, '../..')
const skip = message => {
  console.log(`SKIPPED: ${message}`)
  process.exit(77)
}
if (!fs.existsSync(path.join(here, 'node_modules/@sabaki/gtp')))
  skip('tests/gtp/node_modules is absent: run `npm ci` in tests/gtp (scripts/deps.sh does)')
const {Controller} = require('@sabaki/gtp')

const gocount = path.resolve(process.argv[2] || path.join(root, 'build/gocount'))
const part = process.argv[3] || 'all'
const gnugo = '/usr/games/gnugo'
const shared = path.resolve(root, '../shared/data')

let failures = 0
const check = (ok, what) => {
  if (!ok) {
    failures++
    console.log(`FAIL: ${what}`)
  }
}
const equal = (got, want, what) => check(got === want, `${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`)

// --- SGF: the main line of each game of a collection ---

function parseCollection(text) {
  let i = 0
  const games = []
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++
  }
  const value = () => {
    let v = ''
    for (i++; i < text.length && text[i] !== ']'; i++) {
      if (text[i] === '\\') i++
      v += text[i]
    }
    i++
    return v
  }
  const node = () => {
    i++
    const props = {}
    for (;;) {
      ws()
      const m = /^[A-Za-z]+/.exec(text.slice(i, i + 16))
      if (!m) return props
      i += m[0].length
      const id = m[0].replace(/[a-z]/g, '')
      ws()
      const values = []
      while (text[i] === '[') {
        values.push(value())
        ws()
      }
      props[id] = (props[id] || []).concat(values)
    }
  }
  const tree = (nodes, main) => {
    i++
    let children = 0
    while (i < text.length) {
      ws()
      const c = text[i]
      if (c === ';') {
        const n = node()
        if (main && children === 0) nodes.push(n)
      } else if (c === '(') {
        tree(nodes, main && children === 0)
        children++
      } else if (c === ')') {
        i++
        return
      } else i++
    }
  }
  while (i < text.length) {
    if (text[i] === '(') {
      const nodes = []
      tree(nodes, true)
      if (nodes.length) games.push(nodes)
    } else i++
  }
  return games
}

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'
const toGtp = (p, size) =>
  p === '' || (p === 'tt' && size <= 19) ? 'pass' : LETTERS[p.charCodeAt(0) - 97] + (size - (p.charCodeAt(1) - 97))

// The GTP commands that play a record into an engine, or null when GTP
// cannot set it up (not square, setup stones other than a handicap, ...).
function recordCommands(nodes) {
  const rootProps = nodes[0]
  const sz = (rootProps.SZ || ['19'])[0]
  if (!/^\d+$/.test(sz) || +sz < 2 || +sz > 25) return null
  const size = +sz
  if (rootProps.AW || rootProps.AE) return null
  const ab = rootProps.AB || []
  if (ab.some(p => p.includes(':'))) return null
  const ha = rootProps.HA ? parseInt(rootProps.HA[0], 10) : ab.length
  if (ab.length === 1 || (ab.length && ha !== ab.length)) return null
  const cmds = [['boardsize', size], ['clear_board'], ['komi', rootProps.KM && rootProps.KM[0] ? rootProps.KM[0] : '0']]
  if (rootProps.RU) cmds.push(['kata-set-rules', rootProps.RU[0]])
  if (ab.length) cmds.push(['set_free_handicap', ...ab.map(p => toGtp(p, size))])
  for (const n of nodes.slice(1)) {
    if (n.AB || n.AW || n.AE) return null
    for (const c of ['B', 'W']) if (n[c]) cmds.push(['play', c, toGtp(n[c][0], size)])
  }
  if (cmds.filter(c => c[0] === 'play').length === 0) return null
  const last = nodes[nodes.length - 1]
  return {cmds, marked: Boolean(last.TB || last.TW), size}
}

async function send(engine, name, ...args) {
  return engine.sendCommand({name, args: args.map(String)})
}

function scoreJson(file, extra = []) {
  const out = execFileSync(gocount, ['score', '--format', 'json', ...extra, file], {encoding: 'utf8'})
  return JSON.parse(out.split('\n')[0])
}
const gtpResult = r => (r === 'Draw' ? '0' : r)
const deadPoints = json => [...json.points.dead.black, ...json.points.dead.white].sort()
const listed = content => content.split(/\s+/).filter(s => s).sort()

// gocount's answers on the position it was played into, against score's JSON.
async function compareWithScore(engine, file, what, extra = []) {
  const json = scoreJson(file, extra)
  const score = await send(engine, 'final_score')
  check(!score.error, `${what}: final_score failed: ${score.content}`)
  equal(score.content, gtpResult(json.result), `${what}: final_score`)
  const dead = await send(engine, 'final_status_list', 'dead')
  equal(listed(dead.content).join(' '), deadPoints(json).join(' '), `${what}: final_status_list dead`)
  return score.content
}

// --- the parts ---

async function records() {
  const files = [
    [path.join(root, 'examples/example.sgf'), 1],
    [path.join(root, 'tests/data/handicap2.sgf'), 1],
    [path.join(root, 'tests/data/midgame_pass.sgf'), 1],
    [path.join(root, 'tests/data/gnugo_selfplay.sgf'), 1],
    [path.join(root, 'examples/recorded_other_komi.sgf'), 1],  // setup stones: GTP cannot play it, skipped
    [path.join(shared, 'ogs-9x9-teeny-go/chinese-01.sgf'), 12],
    [path.join(shared, 'ogs-9x9-teeny-go/japanese-01.sgf'), 12],
    [path.join(shared, 'kgs-6d-godmoves/kgs-19-2015.sgf'), 3],
    [path.join(shared, 'kgs-6d-godmoves/kgs-19-2017-01-new.sgf'), 4, 'marked'],  // KGS's TB/TW marks
  ]
  const engine = new Controller(gocount, ['gtp'])
  let played = 0
  let marked = 0
  for (const [file, count, only] of files) {
    if (!fs.existsSync(file)) {
      console.log(`(${path.relative(root, file)} absent: not played)`)
      continue
    }
    const games = parseCollection(fs.readFileSync(file, 'latin1'))
    let n = 0
    for (let g = 0; g < games.length && n < count; g++) {
      const rec = recordCommands(games[g])
      if (!rec || (only === 'marked' && !rec.marked)) continue
      n++
      const what = `${path.relative(root, file)} game ${g}`
      const one = path.join(os.tmpdir(), `gocount-gtp-record-${process.pid}.sgf`)
      fs.writeFileSync(one, writeGame(games[g]), 'latin1')
      for (const cmd of rec.cmds) {
        const r = await send(engine, ...cmd)
        // An RU gocount does not know: score falls back to chinese, so does the engine.
        if (r.error && cmd[0] !== 'kata-set-rules') check(false, `${what}: ${cmd.join(' ')}: ${r.content}`)
      }
      // The record's marks (TB/TW: the stones under them that score takes for
      // dead without the estimate) are the players' word: sent as such, and
      // completed by the estimate as score --estimate completes them.
      const marks = rec.marked ? deadPoints(scoreJson(one, ['--no-estimate'])) : []
      if (marks.length) {
        marked++
        const r = await send(engine, 'gocount-dead', ...marks)
        check(!r.error, `${what}: gocount-dead: ${r.content}`)
      }
      await compareWithScore(engine, one, what, marks.length ? ['--estimate'] : [])
      fs.unlinkSync(one)
      played++
    }
  }
  await engine.stop()
  check(played >= 3, `at least 3 records played (played ${played})`)
  console.log(
    `record: ${played} records played move by move (${marked} with the record's marks sent as gocount-dead), ` +
      'final_score and final_status_list as gocount score'
  )
}

// One game of a collection written alone: the root and the main line.
function writeGame(nodes) {
  const esc = v => v.replace(/\\/g, '\\\\').replace(/]/g, '\\]')
  return '(' + nodes.map(n => ';' + Object.entries(n).map(([k, vs]) => k + vs.map(v => `[${esc(v)}]`).join('')).join('')).join('\n') + ')\n'
}

async function referee() {
  if (!fs.existsSync(gnugo)) skip(`${gnugo} is absent: install the Debian package gnugo (scripts/deps.sh does)`)
  const games = [
    {seed: 1, rules: 'chinese', komi: 7.5},
    {seed: 2, rules: 'chinese', komi: 7.5},
    {seed: 3, rules: 'japanese', komi: 6.5},
  ]
  for (const {seed, rules, komi} of games) {
    const player = new Controller(gnugo, ['--mode', 'gtp', '--level', '1', '--seed', String(seed), '--chinese-rules'])
    const ref = new Controller(gocount, ['gtp'])
    for (const e of [player, ref]) {
      await send(e, 'boardsize', 9)
      await send(e, 'clear_board')
      await send(e, 'komi', komi)
    }
    await send(ref, 'kata-set-rules', rules)
    const moves = []
    let passes = 0
    let resigned = false
    for (let turn = 0; passes < 2 && moves.length < 240; turn++) {
      const color = turn % 2 ? 'W' : 'B'
      const r = await send(player, 'genmove', color)
      check(!r.error, `seed ${seed}: genmove: ${r.content}`)
      const move = r.content.trim().toUpperCase()
      if (move === 'RESIGN') {
        resigned = true
        break
      }
      passes = move === 'PASS' ? passes + 1 : 0
      moves.push([color, move])
      const played = await send(ref, 'play', color, move)
      check(!played.error, `seed ${seed}: referee refused ${color} ${move}: ${played.content}`)
    }
    // The record the referee's count must agree with: the moves played.
    const sgfPoint = v => (v === 'PASS' ? '' : String.fromCharCode(97 + LETTERS.indexOf(v[0]), 97 + 9 - +v.slice(1)))
    const file = path.join(os.tmpdir(), `gocount-gtp-referee-${process.pid}-${seed}.sgf`)
    const sgf = `(;GM[1]FF[4]SZ[9]KM[${komi}]RU[${rules}]` + moves.map(([c, v]) => `;${c}[${sgfPoint(v)}]`).join('') + ')\n'
    fs.writeFileSync(file, sgf)
    const ours = await compareWithScore(ref, file, `seed ${seed}`)
    const theirs = (await send(player, 'final_score')).content
    console.log(
      `referee: seed ${seed}, ${rules}: ${moves.length} moves${resigned ? ' (resigned)' : ''}; gocount ${ours}, GNU Go ${theirs}`
    )
    fs.unlinkSync(file)
    await player.stop()
    await ref.stop()
  }
}

async function malformed() {
  const engine = new Controller(gocount, ['gtp'])
  const bad = [
    ['frobnicate'],
    ['genmove', 'b'],
    ['play', 'b', 'ZZ99'],
    ['play', 'purple', 'D4'],
    ['play', 'b'],
    ['boardsize', '99999999999999999999'],
    ['komi', 'nan'],
    ['loadsgf', '/nonexistent.sgf'],
    ['loadsgf', '/dev/zero'],
    ['final_status_list', 'sleeping'],
    ['fixed_handicap', '42'],
    ['kata-set-rules', 'moon'],
    ['gocount-dead', 'A1'],
    ['gocount-count', 'moon'],
    ['undo'],
  ]
  for (const cmd of bad) {
    const r = await send(engine, ...cmd)
    check(r.error && r.content.length > 0 && !r.content.includes('\n'), `${cmd.join(' ')}: one '?' line (got ${JSON.stringify(r)})`)
  }
  await send(engine, 'play', 'b', 'D4')
  const occupied = await send(engine, 'play', 'w', 'D4')
  equal(occupied.content, 'illegal move: D4 is occupied by a black stone', 'play onto a stone')
  equal((await send(engine, 'name')).content, 'gocount', 'name after the bad commands')
  await engine.stop()

  // Raw bytes on standard input, then the end of input.
  const junk = Buffer.concat([
    Buffer.from('1 name\r\n\t2\tprotocol_version\n# comment\n\n'),
    Buffer.from([0, 1, 2, 0xff, 0xfe, 10, 0x80, 0x81, 0x1b, 0x5b, 0x32, 0x4a, 10]),
    Buffer.from('3 play b ' + 'x'.repeat(2 * 1024 * 1024) + '\n'),
    Buffer.from('4 play b A1\x00 junk\n5 loadsgf \xff\xfe\n'),
    Buffer.from('99 name'),  // the last line without its LF
  ])
  const child = spawn(gocount, ['gtp'])
  let out = ''
  child.stdout.on('data', d => (out += d.toString('latin1')))
  const status = new Promise(resolve => child.on('exit', code => resolve(code)))
  child.stdin.end(junk)
  const code = await status
  equal(code, 0, 'exit status at the end of input')
  const responses = out.split('\n\n').filter(s => s)
  equal(responses.length, 8, 'one response per line that holds a command')
  equal(responses[0], '=1 gocount', 'CR LF')
  equal(responses[1], '=2 2', 'tabs')
  check(responses[4].startsWith('?3 command line too long'), `a line past the limit: ${responses[4]}`)
  equal(responses[responses.length - 1], '=99 gocount', 'the last command answered')

  // A closed standard input: a clean exit, nothing said.
  const closed = spawn(gocount, ['gtp'], {stdio: ['ignore', 'pipe', 'pipe']})
  let said = ''
  closed.stdout.on('data', d => (said += d))
  equal(await new Promise(resolve => closed.on('exit', resolve)), 0, 'exit status with standard input closed')
  equal(said, '', 'nothing said with standard input closed')
  console.log('malformed: every bad command answered with one ? line; the engine served to the end')
}

;(async () => {
  const parts = {record: records, referee, malformed}
  for (const [name, run] of Object.entries(parts)) if (part === 'all' || part === name) await run()
  if (failures) {
    console.log(`${failures} failure(s)`)
    process.exit(1)
  }
})().catch(err => {
  console.log(`FAIL: ${err.stack || err}`)
  process.exit(1)
})
