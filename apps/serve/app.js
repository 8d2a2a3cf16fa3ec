// The page of `gocount serve` (see README, "gocount serve"): brings a game
// (file, drop, paste, or a position set up by clicking), shows the count the
// API answers, lets the player mark chains dead or alive, and takes the
// result away. Plain ES2020, no library: every number comes from the API.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';
const METHOD_TABS = [
  ['full', 'Full'], ['half', 'Half'], ['simplified-half', 'Simplified Half'], ['key-numbers', 'Key Numbers'],
  ['japanese', 'Japanese'], ['aga', 'AGA'], ['ing', 'Ing'], ['jasiek', 'Jasiek'],
];
// The rule sets by name, as /api/rules gives them (title, scoring, the
// options each leaves unused and why); filled before any count is asked for.
const RULES = {};
const ruleTitle = (name) => (RULES[name] ? RULES[name].title : name);
// The ownership squares: their side in grid steps, their opacity when sure.
const OWNERSHIP_SIDE = 0.44, OWNERSHIP_OPACITY = 0.7;
const EXAMPLE = '(;FF[4]GM[1]SZ[9]KM[6.5]RU[Japanese]PB[Black]PW[White]RE[B+1.5]AB[ea:ei]AW[fa:fi]\n' +
  ';B[hc];W[aa];B[ba];W[bc];B[ab];W[];B[]TB[bc]TW[hc])';

const state = {
  record: '', name: '', diagram: false, games: [], game: 0,
  moves: 0, move: null,            // null: the end of the record (its marks and RE used)
  dead: new Set(), alive: new Set(), // the player's choice: one stone per chain
  score: null, groups: [], svgUrl: null, tab: 'full', side: 'black',
  recordRules: null,               // the rules the record's own count is under
  methods: {},                     // /api/methods by rules name
  generation: 0, loads: 0,       // the count and the load under way: older ones are void
};

// ---- the API -------------------------------------------------------------

class ApiError extends Error {}

// Settles once /api/rules has answered (or failed): every other request
// waits for it, so that what the page writes of a count names the rules.
let rulesLoaded = null;

async function api(path, body, as = 'json') {
  if (path !== '/api/rules') await Promise.resolve(rulesLoaded).catch(() => {});
  let res;
  try {
    res = await fetch(path, body === undefined ? {} : {method: 'POST', ...requestBody(body)});
  } catch (e) {
    throw new ApiError(`cannot reach the gocount server (${e.message}): is it still running?`);
  }
  if (!res.ok) {
    let message = `HTTP ${res.status}`;
    try { message = (await res.json()).error || message; } catch (e) { /* not JSON */ }
    throw new ApiError(message);
  }
  return as === 'json' ? res.json() : as === 'text' ? res.text() : as === 'response' ? res : res.blob();
}

// A record opened from a file travels as its bytes, in a multipart form (the
// server reads each part as a field): JSON holds only UTF-8 text, and the
// server reads the bytes as `gocount score` reads the file (UTF-16, CA's
// charset, Shift-JIS) and writes /api/sgf back in the record's own encoding.
function requestBody(body) {
  if (!(body.record instanceof Blob))
    return {headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)};
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (v instanceof Blob) form.append(k, v, 'record');
    else form.append(k, Array.isArray(v) ? v.join(' ') : String(v));
  }
  return {body: form};
}

function showError(message) {
  const e = $('error');
  e.textContent = message ? `Error: ${message}` : '';
  e.hidden = !message;
}

// Turns `control` off (or on). The focus on a control turned off would fall to
// the page, losing a keyboard user's place: it moves to a neighbour instead.
function setDisabled(control, off) {
  const focused = off && document.activeElement === control;
  control.disabled = off;
  if (focused) focusNear(control);
}

// The groups a neighbour is looked for in; outside them, the board.
const FOCUS_GROUPS = '#chains-box, #take, #options';
const FOCUSABLE = 'button, select, input, textarea, [tabindex]:not([tabindex="-1"])';

// The next control on in `control`'s group, else the one before, else the board.
function focusNear(control) {
  const group = control.closest(FOCUS_GROUPS);
  const on = group ? [...group.querySelectorAll(FOCUSABLE)].filter((e) => !e.disabled && e.getClientRects().length) : [];
  const after = on.find((e) => control.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
  (after || on[on.length - 1] || $('board-wrap')).focus();
}

window.addEventListener('error', (e) => showError(e.message));
window.addEventListener('unhandledrejection', (e) => showError(e.reason && e.reason.message || String(e.reason)));

// The options of the form: [control, field]; the last four only some rules use.
const OPTIONS = [['opt-tie', 'tie'], ['opt-compensation', 'handicap-compensation'], ['opt-seki-fill', 'seki-fill'],
  ['opt-territory', 'territory'], ['opt-seki-dead-prisoners', 'seki-dead-prisoners']];
// Why `rules` leave the option of `id` nothing to do, in the server's words
// (/api/rules' unused_options, the line it refuses the option with); '' where
// it applies or the rules are not known.
function idleWhy(id, rules) {
  const field = OPTIONS.find(([control]) => control === id)[1];
  return (RULES[rules] && RULES[rules].unused_options[field]) || '';
}

// The rules the count is under: those chosen, else the record's own (known
// once a count of this game has answered; null before).
const countRules = (s) => $('opt-rules').value || s.recordRules;

// The options set, as fields; with `rules`, those the rules leave nothing to
// do left out (a switch of rules never gets stuck on an option of the others).
function optionFields(rules) {
  const f = {};
  for (const [id, key] of OPTIONS) {
    const c = $(id);
    const value = c.type === 'checkbox' ? c.checked : c.value;
    if (value && !(rules && idleWhy(id, rules))) f[key] = value;
  }
  return f;
}

// Greys the options the rules leave nothing to do, saying why in the title;
// their values are kept for rules that use them.
function markIdle(rules) {
  for (const [id] of OPTIONS) {
    const why = rules ? idleWhy(id, rules) : '';
    const label = $(id).closest('label');
    setDisabled($(id), !!why);
    label.classList.toggle('idle', !!why);
    if (!label.dataset.title) label.dataset.title = label.title || ' ';
    label.title = why ? `Not used: ${why}` : label.dataset.title.trim();
  }
}

// The fields every request about the game `s` (the state, or a game about to
// be shown) shares: the record, the position and the options, as `gocount
// score` takes them.
function gameFields(s = state) {
  // As `gocount score` counts by default: the record's marks when it has them
  // (every unmarked stone alive, as KGS counts), else the estimate; once the
  // player marks chains, the estimate decides the ones left open.
  const chosen = s.dead.size > 0 || s.alive.size > 0;
  const f = {record: s.record, name: s.name || 'page', game: s.game, estimate: chosen ? 'on' : 'auto'};
  if (s.move !== null) f.move = s.move;
  const rules = $('opt-rules').value;
  if (rules) f.rules = rules;
  const komi = $('opt-komi').value.trim();
  if (komi) f.komi = komi;
  Object.assign(f, optionFields(countRules(s)));
  if (s.alive.size) f.alive = [...s.alive];
  if (s.dead.size) {
    // Dead given replaces the record's marks: send every chain dead now.
    const dead = new Set(s.dead);
    for (const g of s.groups || []) if (g.status === 'dead' && !inSet(s.alive, g)) dead.add(g.stones[0]);
    f.dead = [...dead];
  }
  return f;
}

const groups = () => state.groups || [];

// Every chain with its status, source, confidence and reason, as the count
// decided it. When the record's marks decided the count (no estimate ran),
// the estimate is asked for the chains only, and each is shown as the marks
// counted it: dead where marked, else alive (or in seki) as it stands.
async function chainsOf(score, fields) {
  if (score.estimate) return score.estimate.groups;
  if (!score.dead_chains) return [];
  const full = await api('/api/score', {...fields, estimate: 'on'});
  const marked = new Map();
  for (const c of score.dead_chains) for (const p of c.stones) marked.set(p, c);
  return ((full.estimate && full.estimate.groups) || []).map((g) => {
    const c = marked.get(g.stones[0]);
    if (c) return {...g, status: 'dead', source: c.source, unsure: false, confidence: c.confidence, reason: c.reason};
    if (g.status === 'dead') return {...g, status: 'alive', source: 'none', unsure: false, confidence: 1,
      reason: 'not marked dead: counted as it stands'};
    return {...g, source: 'none', unsure: false, reason: `not marked dead (the estimate: ${g.reason})`};
  });
}
const inSet = (set, group) => group.stones.some((s) => set.has(s));

// ---- bringing a game -----------------------------------------------------

// `record`: the text pasted or the file's bytes (a Blob); `text`: what the
// page reads of it itself (a diagram or an SGF record); `at`: the view kept
// across a reload (see restore). True once the game is shown.
async function load(record, name, text = record, at = null) {
  // What was under way is void: a count of the game before would clear this
  // one's error, a slower load would replace it.
  const loading = ++state.loads;
  ++state.generation;
  document.body.classList.remove('busy');
  showError('');
  if (!text.trim()) return showError('the record is empty');
  const keeping = at ? null : keptRecord(record, name);  // a restored one is kept already
  let games;
  try {
    games = (await api('/api/games', {record})).games;
  } catch (e) {
    return loading === state.loads && showError(e.message);
  }
  if (loading !== state.loads) return;
  if (!games.length) return showError('no game found in this text');
  const first = games.find((g) => !g.error);
  if (!first) return showError(`no game can be read: ${games[0].error}`);
  // Counted before it is shown: input the list takes but the count refuses
  // leaves the page (and the paste panel, with its text) as it was.
  const chosen = (at && games.find((g) => g.game === at.game && !g.error)) || first;
  const next = {record, name: name || 'pasted', games, diagram: !/\(\s*;/.test(text),
    ...resume(gameStart(chosen), at)};
  let counted;
  document.body.classList.add('busy');
  try {
    counted = await count(next);
  } catch (e) {
    if (loading === state.loads) {
      document.body.classList.remove('busy');
      showError(withHint(e.message, next.diagram));
    }
    return;
  }
  const value = await keeping;
  if (loading !== state.loads) return;
  ++state.generation;  // a count of the game before, still under way, is void
  document.body.classList.remove('busy');
  // The record kept with the view (show): a reload never pairs one with another's.
  if (value) {
    keep(KEPT_PASTE, pasteDraft(record));  // first: a paste counted is kept once, as the record
    keep(KEPT_RECORD, value);
  }
  Object.assign(state, next);
  showGames();
  $('welcome').hidden = true;
  $('take-status').textContent = '';
  $('paste').hidden = true;
  $('hand').hidden = true;
  $('app').hidden = false;
  show(counted);
  $('result-box').scrollIntoView({block: 'nearest'});
  return true;
}

// An error of the count, with how a diagram marks the dead chain it asks for.
function withHint(message, diagram) {
  return diagram && /mark it dead/.test(message)
    ? `${message} (in a diagram, a lowercase x or o marks a dead stone)` : message;
}

// A game's first view: at the end of the record, no chain chosen.
function gameStart(g) {
  return {game: g.game, moves: g.moves || 0, move: null, dead: new Set(), alive: new Set(), groups: [],
    recordRules: null};
}

function showGames() {
  const select = $('games');
  select.replaceChildren(...state.games.map((g) => {
    const o = new Option(g.error ? `Game ${g.game}: ${g.error}` : gameLabel(g), g.game);
    o.disabled = !!g.error;
    return o;
  }));
  $('games-row').hidden = state.games.length < 2;
  showMoves();
}

function gameLabel(g) {
  const who = g.PB || g.PW ? `${g.PB || '?'} – ${g.PW || '?'}` : `${g.width}x${g.height}`;
  return `Game ${g.game}: ${who}${g.RE ? `, ${g.RE}` : ''}${g.DT ? `, ${g.DT}` : ''} (${g.moves} move${g.moves === 1 ? '' : 's'})`;
}

function chooseGame(n) {
  Object.assign(state, gameStart(state.games.find((x) => x.game === Number(n))));
  showMoves();
  refresh();
}

function showMoves() {
  $('games').value = String(state.game);
  const slider = $('move');
  slider.max = String(state.moves);
  slider.value = String(state.move ?? state.moves);
  $('moves').hidden = state.diagram || state.moves === 0;
  moveLabel();
}

function clearChoice() {
  state.dead.clear();
  state.alive.clear();
}

// A file is sent as its bytes (see requestBody): the server reads its charset
// or UTF-16 as the CLI does. The page itself only looks for an SGF's "(;"
// (as Latin-1, a UTF-16 text's zero bytes left out).
function readFile(file) {
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => loadBytes(reader.result, file.name);
  reader.onerror = () => showError(`cannot read ${file.name}`);
  reader.readAsArrayBuffer(file);
}

function loadBytes(bytes, name, at) {
  const text = new TextDecoder('latin1').decode(bytes).replace(/\0/g, '');
  return load(new Blob([bytes]), name, text, at);
}

// ---- keeping the page across a reload --------------------------------------

// What the player gave (the record, the game, the move, the chains marked,
// the options, the method tab and side; the paste box's text, the position
// set up, the hand-count form and the panel open) is kept in sessionStorage,
// so a reload or Back shows it again; a new tab starts clean. The record and
// the pasted text are kept apart from the rest: one over the quota (about
// 5 MB) is left out, and the rest is still kept.
const KEPT_RECORD = 'gocount.record', KEPT_VIEW = 'gocount.view', KEPT_PASTE = 'gocount.paste';
const KEPT_FORMS = 'gocount.forms';
const KEPT_CONTROLS = ['opt-rules', 'opt-komi', 'opt-compensation', 'opt-tie', 'opt-seki-fill', 'opt-territory',
  'opt-seki-dead-prisoners', 'opt-adjust', 'opt-no-tie-breaker', 'show-ownership', 'set-result'];
// Until the page kept is back nothing is written over it (a reload then would lose it).
let restored = false;

// Storage full or off (a private window, a policy) keeps nothing: no error.
function keep(key, value) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch (e) {
    try { sessionStorage.removeItem(key); } catch (e2) { /* storage off */ }
  }
}

function kept(key) {
  try { return JSON.parse(sessionStorage.getItem(key)); } catch (e) { return null; }
}

// A file's bytes as base64: the same bytes come back (Shift-JIS, UTF-16).
function toBase64(buffer) {
  const bytes = new Uint8Array(buffer);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

const fromBase64 = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;

async function keptRecord(record, name) {
  return record instanceof Blob ? {name, bytes: toBase64(await record.arrayBuffer())} : {name, text: record};
}

// The view: the options, the tab and the game's place. A count refused is
// not kept: a reload shows the count shown, the last that worked.
function remember() {
  if (!restored || $('app').classList.contains('stale')) return;
  const controls = {};
  for (const id of KEPT_CONTROLS) controls[id] = $(id).type === 'checkbox' ? $(id).checked : $(id).value;
  keep(KEPT_VIEW, {controls, tab: state.tab, side: state.side, game: state.game, move: state.move,
    dead: [...state.dead], alive: [...state.alive], sent: state.sent || []});
}

// The paste box's text; once counted (the `record` shown) only a mark: the
// record kept holds it, and twice the text could pass the quota.
function pasteDraft(record) {
  const text = $('paste-text').value;
  return text && text === record ? {record: true} : {text};
}

function keepPaste() {
  if (restored) keep(KEPT_PASTE, pasteDraft(state.record));
}

const PANELS = ['paste', 'setup', 'hand'];
const formValues = (id) => Object.fromEntries([...$(id).querySelectorAll('input[id], select[id]')]
  .map((c) => [c.id, c.value]));

// The set-up position, the hand-count form and the panel open: all small.
function keepForms() {
  if (!restored) return;
  keep(KEPT_FORMS, {panel: PANELS.find((p) => !$(p).hidden) || null, hand: formValues('hand-form'),
    setup: {controls: formValues('setup-form'), width: setup.width, height: setup.height, cells: setup.cells,
      toPlay: setup.toPlay}});
}

// The paste box, the set-up position and the hand-count form as kept (after
// /api/rules, whose names fill the rules lists); the forms kept, or null.
function restoreDrafts(record) {
  const paste = kept(KEPT_PASTE) || {};
  $('paste-text').value = (paste.record ? record && record.text : paste.text) || '';
  const forms = kept(KEPT_FORMS);
  if (!forms) return null;
  setControls(forms.hand);
  showHandFields();
  const s = forms.setup || {};
  setControls(s.controls);
  // setupSize keeps the stones where the size is still the one they were placed on.
  const cells = (s.cells || []).map((c) => (c === 'X' || c === 'O' ? c : '.'));
  Object.assign(setup, {width: s.width, height: s.height, cells});
  chooseToPlay(s.toPlay === 'O' ? 'O' : 'X');
  setupSize();
  return forms;
}

// A game's start, at the place `at` kept (the same game), else as it is. The
// chains the count kept sent dead stand for the chains (see gameFields), so
// the count is the one before the reload.
function resume(start, at) {
  if (!at || at.game !== start.game) return start;
  return {...start, move: at.move !== null && at.move < start.moves ? at.move : null,
    dead: new Set(at.dead), alive: new Set(at.alive), groups: (at.sent || []).map((p) => ({stones: [p], status: 'dead'}))};
}

function setControls(controls) {
  for (const [id, v] of Object.entries(controls || {})) {
    const c = $(id);
    if (!c) continue;
    if (c.type === 'checkbox') c.checked = !!v;
    else if (c.tagName !== 'SELECT' || [...c.options].some((o) => o.value === v)) c.value = v;
  }
}

// The page as it was in this tab; a choice now refused gives the game's start.
async function restore() {
  let forms = null;
  try {
    const view = kept(KEPT_VIEW), record = kept(KEPT_RECORD);
    forms = restoreDrafts(record);
    if (!view) return;
    setControls(view.controls);
    state.tab = view.tab || state.tab;
    state.side = view.side === 'white' ? 'white' : 'black';
    document.querySelector(`input[name=side][value=${state.side}]`).checked = true;
    if (!record || state.loads) return;  // a game brought meanwhile stays
    const again = (at) => (record.bytes !== undefined ? loadBytes(fromBase64(record.bytes), record.name, at)
      : load(record.text, record.name, record.text, at));
    if (!(await again(view))) await again({game: view.game, move: null});
  } finally {
    // After the game: showing one closes the panels.
    if (forms && PANELS.includes(forms.panel)) (forms.panel === 'setup' ? openSetup : openPanel)(forms.panel);
    restored = true;
    remember();
  }
}

// ---- moving through the record -------------------------------------------

function goTo(move) {
  if (state.diagram || !state.moves) return;
  move = Math.max(0, Math.min(state.moves, move));
  const current = state.move === null ? state.moves : state.move;
  if (move === current) return;
  state.move = move === state.moves ? null : move;
  $('move').value = String(move);
  clearChoice();
  scheduleRefresh();
}

let refreshTimer = 0;
function scheduleRefresh(delay = 120) {
  clearTimeout(refreshTimer);
  ++state.generation;  // a count of the position before, under way, is void
  moveLabel();
  refreshTimer = setTimeout(refresh, delay);
}

function moveLabel() {
  const m = state.move === null ? state.moves : state.move;
  $('move-label').textContent = state.move === null ? `Move ${m} of ${state.moves} (the end)` : `Move ${m} of ${state.moves}`;
  $('move').setAttribute('aria-valuetext', `Move ${m} of ${state.moves}`);
}

// ---- the count -----------------------------------------------------------

async function refresh() {
  const generation = ++state.generation;
  const current = () => generation === state.generation;
  moveLabel();
  markIdle(countRules(state));
  document.body.classList.add('busy');
  try {
    const counted = await count(state);
    if (current()) show(counted);
  } catch (e) {
    if (current()) countFailed(e.message);
  } finally {
    if (current()) document.body.classList.remove('busy');
  }
}

// The count of game `s` (the state, or a game about to be shown): every
// answer the page shows; the server's refusal thrown.
async function count(s) {
  if (!countRules(s) && Object.keys(optionFields(null)).some((k) => k !== 'tie')) {
    // Which options apply depends on the record's rules: its count without them names them.
    const bare = gameFields(s);
    for (const [, key] of OPTIONS) delete bare[key];
    s.recordRules = (await api('/api/score', {...bare, estimate: 'off'})).rules;
  }
  const fields = gameFields(s);
  s.sent = fields.dead || [];  // kept (remember): a reload sends them again
  const [score, svg, compare] = await Promise.all([
    api('/api/score', {...fields, method: ['all'], side: 'both', adjust: $('opt-adjust').value,
      'no-tie-breaker': $('opt-no-tie-breaker').checked}),
    api('/api/svg', fields, 'text'),
    // Every option set, each column using those its rules use.
    api('/api/compare', {...withoutRules(fields), ...optionFields(null)}),
  ]);
  if (!$('opt-rules').value) s.recordRules = score.rules;
  const [methods, chains] = await Promise.all([methodsFor(score.rules, fields), chainsOf(score, fields)]);
  return {fields, score, svg, compare, methods, chains};
}

function show({fields, score, svg, compare, methods, chains}) {
  showError('');
  state.score = score;
  state.groups = chains;
  setStale('');
  markIdle(countRules(state));
  showBoard(svg, score);
  showResult(score);
  showChains(score);
  showTabs(methods, score);
  showCompare(compare, score.rules);
  showAlgebra(score.algebra);
  remember();
  const generation = state.generation;
  if ($('steps-box').open) showSteps(fields, () => generation === state.generation);
}

// A count refused: what is shown is the one before, marked as not current,
// with the error beside it (the options are next to the result).
function countFailed(message) {
  showError(withHint(message, state.diagram));
  setStale(withHint(message, state.diagram));
  $('result-box').scrollIntoView({block: 'nearest'});
}

// Marks what is shown as not current (why: the refusal), or current ('').
function setStale(why) {
  $('app').classList.toggle('stale', !!why);
  $('stale').hidden = !why;
  $('stale-why').textContent = why;
  showTake();
}

function withoutRules(fields) {
  const f = {...fields};
  delete f.rules;
  return f;
}

async function methodsFor(rules, fields) {
  const key = [rules, fields['seki-fill'], fields['handicap-compensation'], fields.tie].join('/');
  if (!state.methods[key]) {
    const f = {rules};
    for (const k of ['seki-fill', 'handicap-compensation', 'tie']) if (fields[k]) f[k] = fields[k];
    state.methods[key] = (await api('/api/methods', f)).methods;
  }
  return state.methods[key];
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...present(...children));
  return e;
}

const points = (n) => String(n);
const list = (names) => names.join(' ');
const andList = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);
// The nodes given, without the absent ones (replaceChildren would write "null").
const present = (...nodes) => nodes.filter((n) => n !== null && n !== undefined && n !== false && n !== '');

const winnerClass = (margin) => (margin > 0 ? 'black' : margin < 0 ? 'white' : '');

function winnerWords(score) {
  const r = score.result;
  if (r === 'Draw' || r === '0') return 'A draw (jigo)';
  const who = r.startsWith('B') ? 'Black' : 'White';
  const by = Math.abs(score.margin);
  return by === 0 ? `${who} wins the tie` : `${who} wins by ${by} point${by === 1 ? '' : 's'}`;
}

function showResult(s) {
  $('result').textContent = s.result;
  $('result').className = `result ${winnerClass(s.margin)}`;
  const where = state.move === null ? '' : ` at move ${state.move}`;
  $('result-line').textContent = `${winnerWords(s)} under ${ruleTitle(s.rules)} rules${where}: ` +
    `Black ${points(s.score.black)}, White ${points(s.score.white)} (komi ${s.komi}` +
    `${s.handicap ? `, handicap ${s.handicap}` : ''}). Board ${s.width}x${s.height}.`;
  const notes = [];
  const est = s.estimate;
  if (est && est.finished === false) {
    notes.push(el('li', {class: 'warn', id: 'not-finished'},
      el('strong', {}, 'Not finished. '),
      est.needs_move && est.needs_move.length
        ? `The game is not over: a move is still needed at ${list(est.needs_move)}.`
        : 'The game is not over: some chains are still in doubt.',
      (est.open_borders || []).map((o) =>
        ` Open border: ${o.color} at ${o.move} would seal ${o.points} point${o.points === 1 ? '' : 's'} as ${o.color}'s territory.`).join('')));
  }
  if (s.unsure_chains && s.unsure_chains.length)
    notes.push(el('li', {}, 'Unsure, counted as they stand: ' + s.unsure_chains.map((c) =>
      `${c.color} ${list(c.stones)}${c.confidence !== undefined ? ` (confidence ${c.confidence})` : ''}`).join('; ')));
  if (s.matches_record === true) notes.push(el('li', {class: 'ok'}, `Matches the recorded result ${s.recorded_result}.`));
  if (s.matches_record === false) {
    notes.push(el('li', {class: 'warn'}, `Differs from the recorded result ${s.recorded_result}` +
      (s.difference_cause ? `: ${s.difference_cause.text}.` : '; no known convention explains it.')));
  }
  for (const n of s.record_notes || []) notes.push(el('li', {}, n));
  for (const n of s.warnings || []) notes.push(el('li', {}, n));
  if (s.other_scoring) {
    notes.push(el('li', {}, `Under ${ruleTitle(s.other_scoring.rules)} rules (the other way of scoring, the same komi ` +
      `and dead stones) the result would be ${s.other_scoring.result}.`));
  }
  $('notes').replaceChildren(...notes);
}

// ---- the board: the API's picture, with a click layer over the chains ----

function showBoard(svgText, score) {
  const kinds = ownershipKinds(score);
  const {text, bottom} = taller(svgText, kinds.length * LEGEND_ROW);
  if (state.svgUrl) URL.revokeObjectURL(state.svgUrl);
  state.svgUrl = URL.createObjectURL(new Blob([text], {type: 'image/svg+xml'}));
  $('board').src = state.svgUrl;
  const grid = readGrid(text);
  const overlay = $('overlay');
  overlay.setAttribute('viewBox', grid.viewBox);
  overlay.replaceChildren(ownershipLayer(grid, score), ownershipLegend(kinds, bottom, grid.step * OWNERSHIP_SIDE));
  showOwnershipSource(score);
  showTip('');  // the chains under it are gone
  const r = grid.step * 0.48;
  groups().forEach((g, i) => {
    const chain = document.createElementNS(SVG_NS, 'g');
    chain.setAttribute('class', `chain ${g.status}`);
    chain.dataset.chain = String(i);
    chain.addEventListener('mouseenter', () => showTip(chainWords(g)));
    chain.addEventListener('mousemove', moveTip);
    chain.addEventListener('mouseleave', () => showTip(''));
    for (const stone of g.stones) {
      const at = grid.at(stone);
      if (!at) continue;
      const c = document.createElementNS(SVG_NS, 'circle');
      c.setAttribute('cx', at[0]);
      c.setAttribute('cy', at[1]);
      c.setAttribute('r', r);
      c.dataset.point = stone;
      chain.append(c);
    }
    chain.addEventListener('click', () => toggle(g));
    overlay.append(chain);
  });
}

// The ownership squares are the page's, not the picture's: their legend
// entries go under the picture's own, one row each (as svg.cpp draws a row).
const LEGEND_ROW = 24;
const ownershipKinds = (s) => ['black', 'white'].filter((c) => (s.ownership || []).some((v) => (c === 'black' ? v > 0 : v < 0)));

// The picture `svgText` drawn `extra` taller; `bottom`: where it ended.
function taller(svgText, extra) {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = doc.documentElement;
  const bottom = Number(root.getAttribute('height'));
  if (!extra || !bottom) return {text: svgText, bottom};
  root.setAttribute('height', String(bottom + extra));
  const box = (root.getAttribute('viewBox') || '').split(/[\s,]+/).map(Number);
  if (box.length === 4) root.setAttribute('viewBox', [box[0], box[1], box[2], box[3] + extra].join(' '));
  return {text: new XMLSerializer().serializeToString(doc), bottom};
}

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The legend rows of the ownership squares, from `top`, drawn as the
// picture's legend draws its own (a sample on wood, then the words).
function ownershipLegend(kinds, top, side) {
  const legend = svgEl('g', {id: 'ownership-legend'});
  legend.style.display = $('show-ownership').checked ? '' : 'none';
  legend.append(...kinds.map((color, i) => {
    const y = top + 4 + i * LEGEND_ROW;
    const words = color === 'black' ? 'small dark square: ownership, Black\'s (the fainter, the less sure)'
      : 'small light square: ownership, White\'s (the fainter, the less sure)';
    const row = svgEl('g', {class: 'legend-row', 'data-legend': color});
    row.append(svgEl('rect', {x: 12, y: y - 11, width: 22, height: 22, fill: '#dcb35c'}),
      svgEl('rect', {x: 23 - side / 2, y: y - side / 2, width: side, height: side, class: color,
        'fill-opacity': OWNERSHIP_OPACITY}),
      svgEl('text', {x: 42, y: y + 4, 'font-size': 12, 'font-family': 'sans-serif', fill: '#111'}, words));
    return row;
  }));
  return legend;
}

// Who each point ends up with (the JSON's ownership, Black positive): a
// translucent square per point, black or white, as opaque as it is sure;
function ownershipLayer(grid, score) {
  const layer = document.createElementNS(SVG_NS, 'g');
  layer.setAttribute('id', 'ownership');
  layer.style.display = $('show-ownership').checked ? '' : 'none';
  const {width: w, height: h, ownership: own = []} = score;
  if (grid.cols.length !== w || grid.rows.length !== h || own.length !== w * h) return layer;
  const side = grid.step * OWNERSHIP_SIDE;
  for (let y = 0; y < h; ++y) {
    for (let x = 0; x < w; ++x) {
      const v = own[y * w + x];
      if (!v) continue;
      const sq = document.createElementNS(SVG_NS, 'rect');
      for (const [k, a] of Object.entries({x: grid.cols[x] - side / 2, y: grid.rows[y] - side / 2, width: side, height: side}))
        sq.setAttribute(k, a);
      sq.setAttribute('class', v > 0 ? 'black' : 'white');
      sq.setAttribute('fill-opacity', (Math.abs(v) * OWNERSHIP_OPACITY).toFixed(3));
      sq.dataset.ownPoint = pointName(x, y, h);
      sq.dataset.ownership = String(v);
      layer.append(sq);
    }
  }
  return layer;
}

function showOwnershipSource(score) {
  // The estimate's judge: its playouts, its model, or both (the cascade).
  $('ownership-source').textContent = score.ownership_source === 'estimate'
    ? 'the estimate' : 'the count';
}

// The chain under the pointer, in words, beside it.
function showTip(words) {
  $('chain-tip').textContent = words;
  $('chain-tip').hidden = !words;
}

function moveTip(e) {
  const box = $('board-wrap').getBoundingClientRect(), tip = $('chain-tip');
  const x = Math.min(e.clientX - box.left + 14, box.width - tip.offsetWidth);
  tip.style.left = `${Math.max(0, x)}px`;
  tip.style.top = `${e.clientY - box.top + 18}px`;
}

// Where the picture draws each point: its grid lines (class "line", one per
// column and row, in order), and a point's column and row from its name:
// GTP ("D4": letters without I, rows from the bottom) or, on boards wider
// than 25, SGF ("dd": a-z then A-Z, rows from the top), as the JSON names it.
function readGrid(svgText) {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = doc.documentElement;
  const viewBox = root.getAttribute('viewBox') || `0 0 ${root.getAttribute('width')} ${root.getAttribute('height')}`;
  const xs = new Set(), ys = new Set();
  for (const line of doc.querySelectorAll('line.line')) {
    if (line.getAttribute('x1') === line.getAttribute('x2')) xs.add(Number(line.getAttribute('x1')));
    else ys.add(Number(line.getAttribute('y1')));
  }
  const cols = [...xs].sort((a, b) => a - b), rows = [...ys].sort((a, b) => a - b);
  const step = cols.length > 1 ? cols[1] - cols[0] : rows.length > 1 ? rows[1] - rows[0] : 26;
  const sgf = (ch) => (ch >= 'a' ? ch.charCodeAt(0) - 97 : ch.charCodeAt(0) - 65 + 26);
  return {
    viewBox, step, cols, rows,
    at(point) {
      let x, y;
      const gtp = /^([A-HJ-Z])(\d+)$/.exec(point);
      if (gtp) [x, y] = [LETTERS.indexOf(gtp[1]), rows.length - Number(gtp[2])];
      else if (/^[a-zA-Z]{2}$/.test(point)) [x, y] = [sgf(point[0]), sgf(point[1])];
      else return null;
      return x >= 0 && x < cols.length && y >= 0 && y < rows.length ? [cols[x], rows[y]] : null;
    },
  };
}

const SOURCE_WORDS = {marks: "the record's marks", option: 'your choice', estimate: 'the estimate', none: 'as it stands'};

// "97%", as the text gives it: short of certain never reads 100%.
const percent = (share) => `${Math.min(Math.round(share * 100), share < 1 ? 99 : 100)}%`;

function chainWords(g) {
  const by = SOURCE_WORDS[g.source] || g.source || 'as it stands';
  const conf = g.confidence !== undefined ? `, confidence ${percent(g.confidence)}` : '';
  return `${g.color} ${g.stones.length > 1 ? `chain of ${g.stones.length} at ${g.stones[0]}` : `stone ${g.stones[0]}`}: ` +
    `${g.status} (by ${by}${conf})${g.unsure ? ', unsure' : ''}${g.reason ? ` — ${g.reason}` : ''}. Click to mark it ` +
    `${g.status === 'dead' ? 'alive' : 'dead'}.`;
}

function toggle(g) {
  const rep = g.stones[0];
  for (const s of g.stones) { state.dead.delete(s); state.alive.delete(s); }
  if (g.status === 'dead') state.alive.add(rep);
  else state.dead.add(rep);
  refresh();
}

function showChains(s) {
  const src = s.dead_source || 'none';
  const words = src.split('+').map((p) => SOURCE_WORDS[p] || p).join(' and ');
  $('dead-source').textContent = s.rules === 'tromp-taylor'
    ? 'Tromp-Taylor counts the board as it stands: no stone is removed.'
    : `Dead stones decided by ${words}.`;
  $('dead-source').dataset.source = src;
  const items = groups().filter((g) => g.status !== 'alive' || g.source === 'option' || g.unsure)
    .concat(groups().filter((g) => g.status === 'alive' && g.source !== 'option' && !g.unsure));
  // The focus stays on the chain it was on: the list is drawn anew.
  const focused = document.activeElement && document.activeElement.closest('#chains button');
  const at = focused && focused.dataset.stone;
  $('chains').replaceChildren(...items.map((g) => el('li', {class: g.status},
    el('button', {type: 'button', class: `chip ${g.color}`, title: chainWords(g), onclick: () => toggle(g),
      'data-stone': g.stones[0], 'aria-label': chainLabel(g)},
      `${g.color} ${g.stones.length > 4 ? `${g.stones.slice(0, 4).join(' ')} … (${g.stones.length})` : list(g.stones)}`),
    ` ${g.status}`, el('span', {class: 'hint'}, ` ${SOURCE_WORDS[g.source] || g.source}` +
      `${g.confidence !== undefined ? `, ${percent(g.confidence)}` : ''}${g.reason ? `: ${g.reason}` : ''}`))));
  setDisabled($('reset'), !state.dead.size && !state.alive.size);
  const again = at && items.find((g) => g.stones.includes(at));
  if (again) $('chains').querySelector(`[data-stone="${again.stones[0]}"]`).focus();
}

// A chain's button, as a screen reader says it: the chain, its status, the action.
function chainLabel(g) {
  const stones = g.stones.length > 1 ? `chain of ${g.stones.length} at ${g.stones[0]}` : g.stones[0];
  return `${g.color} ${stones}, ${g.status}: mark ${g.status === 'dead' ? 'alive' : 'dead'}`;
}

// ---- the methods: Mays' tables ---------------------------------------------

function showTabs(methods, s) {
  const info = new Map(methods.map((m) => [m.name, m]));
  if (!info.get(state.tab) || !info.get(state.tab).applies) {
    const first = methods.find((m) => m.applies);
    if (first) state.tab = first.name;
  }
  const focused = document.activeElement && document.activeElement.closest('#tabs [role=tab]');
  $('tabs').replaceChildren(...METHOD_TABS.map(([name, label]) => {
    const m = info.get(name) || {applies: false, why: 'unknown method'};
    return el('button', {
      type: 'button', role: 'tab', id: `tab-${name}`, class: m.applies ? '' : 'off',
      'aria-selected': String(name === state.tab), 'aria-disabled': m.applies ? null : 'true',
      title: m.applies ? m.title : m.why, onclick: () => { state.tab = name; showMethod(info, s); markTabs(); remember(); },
    }, label);
  }));
  if (focused) $(focused.id).focus();  // drawn anew: the focus stays on its tab
  showMethod(info, s);
}

function markTabs() {
  for (const b of $('tabs').children) b.setAttribute('aria-selected', String(b.id === `tab-${state.tab}`));
}

function showMethod(info, s) {
  const m = info.get(state.tab);
  const panel = $('method');
  const oneSide = m && m.one_side;
  document.querySelector('.method-options [role=radiogroup]').classList.toggle('inactive', !oneSide);
  if (!m || !m.applies) {
    panel.replaceChildren(el('p', {class: 'why'}, m ? `${m.why}.` : 'No such method.'));
    return;
  }
  const counts = (s.methods || []).filter((c) => c.method === state.tab && (!c.side || c.side === state.side));
  if (!counts.length) return panel.replaceChildren(el('p', {class: 'why'}, 'This count has no such table.'));
  const c = counts[0];
  panel.replaceChildren(...present(
    el('h3', {}, m.title + (c.side ? ` — ${c.side === 'black' ? "Black's" : "White's"} side` : '')),
    stepsTable(c), c.note && el('p', {class: 'hint'}, c.note),
    el('p', {class: 'method-result'}, `Result: ${c.result}`)));
}

// Mays' tables: one row a step, Black's value and White's side by side (the
// two halves of a row share the step's id; the label is only shown).
function stepsTable(count) {
  const rows = [];
  for (const step of count.steps) {
    const last = rows[rows.length - 1];
    const side = step.side || 'both';
    if (last && last.id === step.id && side !== 'both' && last[side] === undefined && last.both === undefined) last[side] = step.value;
    else rows.push({id: step.id, label: step.label, [side]: step.value});
  }
  const oneSide = !!count.side;
  const cell = (v) => el('td', {class: 'num'}, v === undefined ? '' : points(v));
  const head = oneSide ? el('tr', {}, el('th', {}, ''), el('th', {class: 'num'}, count.side === 'black' ? 'Black' : 'White'))
    : el('tr', {}, el('th', {}, ''), el('th', {class: 'num'}, 'Black'), el('th', {class: 'num'}, 'White'));
  return el('table', {class: 'steps'}, el('thead', {}, head), el('tbody', {}, ...rows.map((r) => {
    if (r.both !== undefined)
      return el('tr', {}, el('td', {}, r.label), el('td', {class: oneSide ? 'num' : 'both', colspan: oneSide ? 1 : 2}, points(r.both)));
    return oneSide ? el('tr', {}, el('td', {}, r.label), cell(r[count.side]))
      : el('tr', {}, el('td', {}, r.label), cell(r.black), cell(r.white));
  })));
}

// ---- every rule set --------------------------------------------------------

function showCompare(c, current) {
  const names = Object.keys(c.results);
  const table = el('table', {class: 'compare'},
    el('thead', {}, el('tr', {}, el('th', {}, 'Rules'), el('th', {}, 'Result'), el('th', {class: 'num'}, 'Black'),
      el('th', {class: 'num'}, 'White'), el('th', {class: 'num'}, 'Komi'), el('th', {}, ''))),
    el('tbody', {}, ...names.map((name) => {
      const sc = c.scores[name] || {};
      return el('tr', {class: name === current ? 'current' : '', 'data-rules': name},
        el('td', {}, ruleTitle(name)), el('td', {class: 'res'}, c.results[name]),
        el('td', {class: 'num'}, sc.black !== undefined ? points(sc.black) : ''),
        el('td', {class: 'num'}, sc.white !== undefined ? points(sc.white) : ''),
        el('td', {class: 'num'}, sc.komi !== undefined ? points(sc.komi) : ''),
        el('td', {}, name === current ? el('span', {tabindex: '-1', 'data-rules': name}, 'shown')
          : el('button', {type: 'button', class: 'link', 'data-rules': name, 'aria-label': `count by ${ruleTitle(name)} rules`,
            onclick: () => { $('opt-rules').value = name; refresh(); }}, 'count by these')));
    })));
  // Columns that differ alike are told once, as `gocount compare` tells them.
  const base = (c.differences[0] && c.differences[0].vs) || names[0];
  const alike = new Map();
  for (const d of c.differences) {
    const key = JSON.stringify([d.amount, d.parts.map((p) => [p.kind, p.amount, p.points])]);
    if (!alike.has(key)) alike.set(key, []);
    alike.get(key).push(d);
  }
  const words = [...alike.values()].map((ds) => {
    const joined = andList(ds.map((d) => ruleTitle(d.rules)));
    const d = ds[0];
    const head = d.amount === 0 ? `${joined} rules: the same margin as ${ruleTitle(base)}${d.parts.length ? ', though:' : '.'}`
      : `${joined} rules: ${c.results[d.rules]}, ${Math.abs(d.amount)} point${Math.abs(d.amount) === 1 ? '' : 's'} better ` +
        `for ${d.amount > 0 ? 'Black' : 'White'}:`;
    const own = `${ruleTitle(d.rules)} rules`;
    return el('li', {}, el('strong', {}, head), d.parts.length ? el('ul', {}, ...d.parts.map((p) =>
      el('li', {}, `${p.text.split(own).join(`${joined} rules`)}.`))) : null);
  });
  const focused = document.activeElement && document.activeElement.closest('#compare [data-rules]');
  $('compare').replaceChildren(table, el('h3', {}, `Why the results differ from ${ruleTitle(base)} rules (${c.results[base]})`),
    el('ul', {class: 'differences'}, ...words), ...present(c.compensation && el('p', {}, c.compensation)));
  // The focus stays on the row it was on (its button is "shown" once counted by).
  const again = focused && table.querySelector(`td [data-rules="${focused.dataset.rules}"]`);
  if (again) again.focus();
}

// As `gocount score --explain` says it: the identity holds once the terms
// the seed leaves out (S seki and teire, U setup, R moves out of turn) are
// named, each with its amount and cause.
function showAlgebra(a) {
  if (!a) return $('algebra').replaceChildren(el('p', {class: 'hint'}, 'No algebra for this count.'));
  const vars = ['Bs', 'Ws', 'Bt', 'Wt', 'Btj', 'Wtj', 'Bp', 'Wp', 'Bz', 'Wz', 'H', 'K', 'P', 'Nt', 'Sc', 'Sj'].filter((k) => k in a);
  const terms = a.causes || [];
  const signed = (v) => (v < 0 ? `(${points(v)})` : points(v));
  const named = terms.map((t) => ` + ${t.term}`).join('');
  const amounts = terms.map((t) => ` + ${t.term} ${signed(t.amount)}`).join('');
  const right = a.P + a.H + (a.Wz - a.Bz) + terms.reduce((sum, t) => sum + t.amount, 0);
  const holds = Math.abs(a.Sc - a.Sj - right) < 1e-9;
  $('algebra').replaceChildren(...present(
    el('table', {class: 'algebra'}, el('tr', {}, ...vars.map((k) => el('th', {}, k))),
      el('tr', {}, ...vars.map((k) => el('td', {}, points(a[k]))))),
    el('p', {}, `Sc − Sj = P + H + (Wz − Bz)${named}: ${points(a.Sc)} − ${points(a.Sj)} = ${points(a.Sc - a.Sj)} = ` +
      `P ${a.P} + H ${a.H} + (Wz ${a.Wz} − Bz ${a.Bz})${amounts}: `,
      el('strong', {}, holds ? 'the identity holds' : 'the identity does not hold')),
    terms.length ? el('ul', {class: 'terms'}, ...terms.map((t) => el('li', {}, `${t.term}: ${t.cause}`))) : null,
    el('p', {class: 'hint'}, 'Sensei\'s Library, Mathematics of Scoring: Bs/Ws stones on the board, Bt/Wt territory, ' +
      'Btj/Wtj territory as territory counting counts it, Bp/Wp stones each side took, Bz/Wz pass stones, H handicap, ' +
      'K komi, P Black\'s moves less White\'s, Nt neutral points, Sc the area margin, Sj the territory margin.')));
}

// ---- the counting steps as boards ------------------------------------------

async function showSteps(fields, current) {
  const box = $('steps');
  box.setAttribute('aria-busy', 'true');
  try {
    const {steps} = await api('/api/steps', fields);
    if (!current()) return;
    box.replaceChildren(...steps.map((s, i) => {
      const url = URL.createObjectURL(new Blob([s.svg], {type: 'image/svg+xml'}));
      return el('figure', {}, el('img', {src: url, alt: `Step ${i + 1}: ${s.name}`, onload: () => URL.revokeObjectURL(url)}),
        el('figcaption', {}, `${i + 1}. ${s.name}`));
    }));
  } catch (e) {
    if (current()) showError(e.message);
  } finally {
    box.removeAttribute('aria-busy');
  }
}

// ---- take it away ----------------------------------------------------------

function showTake() {
  const sgf = $('dl-sgf');
  const stale = state.score && $('app').classList.contains('stale')
    ? 'the count shown is not current: the server refused the last one' : '';
  const why = stale || (state.diagram ? 'a diagram is no SGF record: set up positions are taken away as SVG, PNG or JSON'
    : state.move !== null ? 'marks and a result belong to the end of the record: go to the last move' : '');
  setDisabled(sgf, !!why);
  sgf.title = why || 'The record with the dead stones and territory marked (TB/TW) and the result in RE';
  for (const id of ['dl-svg', 'dl-png', 'copy-json']) {
    setDisabled($(id), !!stale);
    $(id).title = stale;
  }
}

function baseName() {
  return (state.name || 'game').replace(/\.[^.]*$/, '') + (state.games.length > 1 ? `-game${state.game}` : '');
}

function save(blob, filename) {
  const a = el('a', {href: URL.createObjectURL(blob), download: filename});
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  $('take-status').textContent = `Saved ${filename}`;
}

async function download(kind) {
  try {
    const f = gameFields();
    if (kind === 'sgf') {
      if ($('set-result').checked) f['set-result'] = true;
      const res = await api('/api/sgf', f, 'response');
      const withheld = res.headers.get('Gocount-Result-Withheld');
      save(await res.blob(), `${baseName()}-counted.sgf`);
      // RE is the game's own result: left out where the count is not (the comment holds it).
      if (withheld) $('take-status').textContent += ` (RE not written: ${decodeURIComponent(withheld)})`;
    } else {
      save(await api('/api/svg', {...f, format: kind}, 'blob'), `${baseName()}.${kind}`);
    }
  } catch (e) {
    showError(e.message);
    $('take-status').textContent = `Not saved: ${e.message}`;
  }
}

async function copyJson() {
  const text = JSON.stringify(state.score, null, 2);
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const t = el('textarea', {}, text);
    document.body.append(t);
    t.select();
    document.execCommand('copy');
    t.remove();
  }
  $('take-status').textContent = 'The score JSON is copied';
}

// ---- setting up a position -------------------------------------------------

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
// toPlay: the colour a click places ('X' or 'O').
const setup = {width: 19, height: 19, cells: [], toPlay: 'X'};
const LONG_PRESS_MS = 450;

function pointName(x, y, height) {
  return x < LETTERS.length ? `${LETTERS[x]}${height - y}` : `${x + 1}-${height - y}`;
}

function setupSize() {
  const custom = $('setup-size').value === 'custom';
  for (const e of document.querySelectorAll('.custom-size')) e.hidden = !custom;
  // A size out of 1..52 is shown as the one used.
  const clamp = (id) => {
    const v = Math.max(1, Math.min(52, Math.round(Number($(id).value) || 1)));
    $(id).value = String(v);
    return v;
  };
  const w = custom ? clamp('setup-width') : Number($('setup-size').value);
  const h = custom ? clamp('setup-height') : w;
  if (w !== setup.width || h !== setup.height || setup.cells.length !== w * h) {
    Object.assign(setup, {width: w, height: h, cells: Array(w * h).fill('.')});
  }
  drawEditor();
}

function drawEditor() {
  const {width: w, height: h} = setup;
  const step = 30, m = 28;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${2 * m + (w - 1) * step} ${2 * m + (h - 1) * step}`);
  svg.setAttribute('class', 'editor');
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
  add('rect', {x: m - 18, y: m - 18, width: (w - 1) * step + 36, height: (h - 1) * step + 36, class: 'wood'});
  for (let x = 0; x < w; ++x) {
    add('line', {x1: m + x * step, y1: m, x2: m + x * step, y2: m + (h - 1) * step, class: 'grid'});
    add('text', {x: m + x * step, y: m - 20, class: 'coordinate'}, x < LETTERS.length ? LETTERS[x] : String(x + 1));
  }
  for (let y = 0; y < h; ++y) {
    add('line', {x1: m, y1: m + y * step, x2: m + (w - 1) * step, y2: m + y * step, class: 'grid'});
    add('text', {x: m - 22, y: m + y * step + 4, class: 'coordinate'}, String(h - y));
  }
  for (let y = 0; y < h; ++y) {
    for (let x = 0; x < w; ++x) {
      const i = y * w + x;
      add('circle', {cx: m + x * step, cy: m + y * step, r: step * 0.47, class: cellClass(setup.cells[i]),
        'data-point': pointName(x, y, h), 'data-i': i});
    }
  }
  svg.style.maxWidth = `${(w + 1) * 40}px`;
  $('editor').replaceChildren(svg);
}

const cellClass = (c) => (c === 'X' ? 'stone black' : c === 'O' ? 'stone white' : 'empty');
const otherColor = (c) => (c === 'X' ? 'O' : 'X');

// A click: the colour to play on an empty point; on a stone, the other
// colour, then empty. `other` (right-click, long-press): the other colour,
// or empty where it stands.
function place(i, other) {
  const c = setup.cells[i], mine = setup.toPlay, theirs = otherColor(mine);
  if (other) setup.cells[i] = c === theirs ? '.' : theirs;
  else setup.cells[i] = c === '.' ? mine : c === mine ? theirs : '.';
  $('editor').querySelector(`[data-i="${i}"]`).setAttribute('class', cellClass(setup.cells[i]));
  keepForms();
}

function chooseToPlay(color) {
  setup.toPlay = color;
  $('to-play-black').setAttribute('aria-pressed', String(color === 'X'));
  $('to-play-white').setAttribute('aria-pressed', String(color === 'O'));
  keepForms();
}

// Clicks, right-clicks and long presses on the editor's points. A touch held
// LONG_PRESS_MS places the other colour; the click (or context menu) the
// browser sends after it is then no second placing.
function wireEditor() {
  const editor = $('editor');
  const pointOf = (e) => { const t = e.target.closest('[data-i]'); return t ? Number(t.dataset.i) : null; };
  let timer = 0, held = false;
  editor.addEventListener('pointerdown', (e) => {
    held = false;
    const i = pointOf(e);
    if (e.pointerType !== 'touch' || i === null) return;
    timer = setTimeout(() => { held = true; place(i, true); }, LONG_PRESS_MS);
  });
  for (const type of ['pointerup', 'pointercancel', 'pointerleave']) editor.addEventListener(type, () => clearTimeout(timer));
  editor.addEventListener('click', (e) => {
    const i = pointOf(e);
    if (i !== null && !held) place(i, false);
    held = false;
  });
  editor.addEventListener('contextmenu', (e) => {
    const i = pointOf(e);
    if (i === null) return;
    e.preventDefault();
    if (!held) place(i, true);
  });
}

function setupDiagram() {
  const lines = ['# set up on the gocount page'];
  const komi = $('setup-komi').value.trim();
  if (komi) lines.push(`komi: ${komi}`);
  if ($('setup-rules').value) lines.push(`rules: ${$('setup-rules').value}`);
  const count = (id, key) => {
    const v = Math.round(Number($(id).value) || 0);
    if (v > 0) lines.push(`${key}: ${v}`);
  };
  count('setup-handicap', 'handicap');
  count('setup-black-captures', 'black-captures');
  count('setup-white-captures', 'white-captures');
  count('setup-black-passes', 'black-passes');
  count('setup-white-passes', 'white-passes');
  if ($('setup-last-pass').value) lines.push(`last-pass: ${$('setup-last-pass').value}`);
  for (let y = 0; y < setup.height; ++y) lines.push(setup.cells.slice(y * setup.width, (y + 1) * setup.width).join(' '));
  return lines.join('\n') + '\n';
}

// One panel for bringing a game open at a time: paste, setup or hand.
function openPanel(id) {
  for (const p of ['paste', 'setup', 'hand']) $(p).hidden = p !== id;
  $(id).scrollIntoView({block: 'nearest'});
}

function openSetup() {
  openPanel('setup');
  setupSize();
}

// ---- a count made by hand (/api/tally) ---------------------------------------

// AGA rules count either way, a stone for every pass among the prisoners
// (Mays, Table 17): the player says which count was made.
const eitherWay = () => Boolean((RULES[$('hand-rules').value] || {}).pass_stones);
const byTerritory = () => (RULES[$('hand-rules').value] || {}).scoring === 'territory' ||
  (eitherWay() && $('hand-by').value === 'territory');

// The fields the rules count: one total for area scoring, territory and
// prisoners for territory scoring (AGA's: either); required as the form shows them.
function showHandFields() {
  const territory = byTerritory();
  for (const e of document.querySelectorAll('#hand .by-choice')) e.hidden = !eitherWay();
  for (const e of document.querySelectorAll('#hand .by-area')) e.hidden = territory;
  for (const e of document.querySelectorAll('#hand .by-territory')) e.hidden = !territory;
  $('hand-black').required = !territory;
  for (const id of ['hand-black-territory', 'hand-white-territory']) $(id).required = territory;
}

function handFields() {
  const f = {rules: $('hand-rules').value, size: Number($('hand-size').value), side: 'both'};
  const komi = $('hand-komi').value.trim();
  if (komi) f.komi = komi;
  const keys = byTerritory()
    ? ['black-territory', 'white-territory', 'black-prisoners', 'white-prisoners']
    : ['black', 'white', 'non-scoring'];
  for (const key of ['handicap', ...keys]) {
    const v = $(`hand-${key}`).value.trim();
    if (v !== '') f[key] = Number(v);
  }
  return f;
}

// "W+3.5" as Black's margin: -3.5.
function marginOf(result) {
  const m = /^([BW])\+([\d.]+)$/.exec(result);
  return m ? (m[1] === 'B' ? 1 : -1) * Number(m[2]) : 0;
}

async function countByHand() {
  showError('');
  let t;
  try {
    t = await api('/api/tally', handFields());
  } catch (e) {
    $('hand-result-box').hidden = true;
    return showError(e.message);
  }
  const margin = marginOf(t.result);
  $('hand-result').textContent = t.result;
  $('hand-result').className = `result ${winnerClass(margin)}`;
  const counted = t.territory
    ? `territory Black ${t.territory.black}, White ${t.territory.white}; prisoners Black ${t.prisoners.black}, ` +
      `White ${t.prisoners.white}`
    : `total points Black ${points(t.total_points.black)}, White ${points(t.total_points.white)}` +
      `${t.non_scoring ? `, ${t.non_scoring} unfilled` : ''}`;
  $('hand-result-line').textContent = `${winnerWords({result: t.result, margin})} under ${ruleTitle(t.rules)} rules: ` +
    `${counted} (komi ${t.komi}${t.handicap ? `, handicap ${t.handicap}` : ''}). Board ${t.width}x${t.height}.`;
  $('hand-tables').replaceChildren(...handTables(t.methods));
  $('hand-result-box').hidden = false;
  $('hand-result-box').scrollIntoView({block: 'nearest'});
}

// Mays' tables of each method, a one-side method's two sides together.
function handTables(counts) {
  const titles = new Map(METHOD_TABS);
  const byMethod = new Map();
  for (const c of counts) byMethod.set(c.method, [...(byMethod.get(c.method) || []), c]);
  return [...byMethod].map(([name, cs]) => el('section', {class: 'hand-method', 'data-method': name},
    el('h3', {}, `${titles.get(name) || name} counting`),
    el('div', {class: 'tables'}, ...cs.map(stepsTable)),
    el('p', {class: 'method-result'}, `Result: ${cs[0].result}`)));
}

// ---- wiring ----------------------------------------------------------------

async function init() {
  rulesLoaded = api('/api/rules');
  $('file').addEventListener('change', (e) => readFile(e.target.files[0]));
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dropping'); });
  document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) document.body.classList.remove('dropping'); });
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dropping');
    readFile(e.dataTransfer.files[0]);
  });
  const openPaste = () => { openPanel('paste'); $('paste-text').focus(); };
  $('paste-open').addEventListener('click', openPaste);
  $('setup-paste').addEventListener('click', openPaste);
  $('hand-open').addEventListener('click', () => openPanel('hand'));
  $('hand-cancel').addEventListener('click', () => { $('hand').hidden = true; });
  $('hand-rules').addEventListener('change', showHandFields);
  $('hand-by').addEventListener('change', showHandFields);
  $('hand-form').addEventListener('submit', (e) => { e.preventDefault(); countByHand(); });
  $('to-play-black').addEventListener('click', () => chooseToPlay('X'));
  $('to-play-white').addEventListener('click', () => chooseToPlay('O'));
  wireEditor();
  $('paste-cancel').addEventListener('click', () => { $('paste').hidden = true; });
  $('paste-load').addEventListener('click', () => load($('paste-text').value, 'pasted'));
  $('setup-open').addEventListener('click', openSetup);
  $('setup-cancel').addEventListener('click', () => { $('setup').hidden = true; });
  $('setup-clear').addEventListener('click', () => { setup.cells.fill('.'); drawEditor(); keepForms(); });
  for (const id of ['setup-size', 'setup-width', 'setup-height']) $(id).addEventListener('change', setupSize);
  $('setup-count').addEventListener('click', async () => {
    await load(setupDiagram(), 'set-up position');
    if ($('error').hidden) $('setup').hidden = true;
  });
  $('example').addEventListener('click', () => load(EXAMPLE, 'example.sgf'));
  $('games').addEventListener('change', (e) => chooseGame(e.target.value));
  $('first').addEventListener('click', () => goTo(0));
  $('prev').addEventListener('click', () => goTo((state.move ?? state.moves) - 1));
  $('next').addEventListener('click', () => goTo((state.move ?? state.moves) + 1));
  $('last').addEventListener('click', () => goTo(state.moves));
  $('move').addEventListener('input', (e) => goTo(Number(e.target.value)));
  $('reset').addEventListener('click', () => { clearChoice(); refresh(); });
  $('show-ownership').addEventListener('change', (e) => {
    for (const id of ['ownership', 'ownership-legend']) if ($(id)) $(id).style.display = e.target.checked ? '' : 'none';
  });
  for (const id of ['opt-rules', 'opt-compensation', 'opt-tie', 'opt-seki-fill', 'opt-seki-dead-prisoners', 'opt-territory',
    'opt-adjust', 'opt-no-tie-breaker'])
    $(id).addEventListener('change', refresh);
  $('opt-komi').addEventListener('change', refresh);
  for (const r of document.querySelectorAll('input[name=side]')) {
    r.addEventListener('change', () => {
      state.side = r.value;
      if (state.score) showTabs(lastMethods(), state.score);
      remember();
    });
  }
  $('steps-box').addEventListener('toggle', () => {
    if ($('steps-box').open && state.record) showSteps(gameFields(), () => true);
  });
  $('dl-sgf').addEventListener('click', () => download('sgf'));
  $('dl-svg').addEventListener('click', () => download('svg'));
  $('dl-png').addEventListener('click', () => download('png'));
  $('copy-json').addEventListener('click', copyJson);
  document.addEventListener('keydown', (e) => {
    if (!movesKeys(e.target) || e.altKey || e.ctrlKey || e.metaKey || $('app').hidden) return;
    const at = state.move ?? state.moves;
    const to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: state.moves}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    goTo(to);
  });
  try {
    const {rules} = await rulesLoaded;
    for (const r of rules) RULES[r.name] = r;
    for (const select of [$('opt-rules'), $('setup-rules'), $('hand-rules')])
      select.append(...rules.map((r) => new Option(`${r.title} (${r.scoring})`, r.name)));
    markIdle(countRules(state));
    showHandFields();
  } catch (e) {
    showError(e.message);
  }
  // What is typed is kept as it is typed; the panel open, as the page goes.
  $('paste-text').addEventListener('input', keepPaste);
  for (const type of ['input', 'change']) for (const id of ['setup', 'hand']) $(id).addEventListener(type, keepForms);
  window.addEventListener('pagehide', () => { remember(); keepForms(); keepPaste(); });
  await restore();
}

// Whether the arrow keys (Home, End) step through the moves with focus on
// `t`: on the board, the move buttons or nothing; never where they have a
// meaning of their own (radio buttons, tabs, fields), nor on another button,
// where a stray key would discard the player's choices with the position.
function movesKeys(t) {
  if (t === document.body || t === document.documentElement || !t.closest) return true;
  if (t.id === 'move') return false;  // the slider moves itself
  return !!t.closest('#board-wrap, #moves');
}

function lastMethods() {
  const f = gameFields();
  const key = [state.score.rules, f['seki-fill'], f['handicap-compensation'], f.tie].join('/');
  return state.methods[key] || [];
}

init();
