// The page of the Viceroy web example. It draws the table from what its seat is sent (its player's
// view, legal moves in words, its part of the log) and the card catalogue, and makes a move when
// the player clicks what the move concerns. No build step, no framework: plain DOM and SVG.
//
// Every word the page writes comes from the catalogue of the reader's language, GET /api/words
// (T): the page's own phrases (keys "page.", examples/web/words_en.go and its translations), the
// library's (colours, phases, rewards, editions), the cards' names and texts. say(key, args)
// fills a phrase's placeholders as the server does (words.go): {name}, {name:form} (a colour's
// feminine forms), {n|one|other} (by the language's plural rule), nested.
'use strict';

const COLORS = ['blue', 'red', 'green', 'yellow'];
const PAINT = {blue: '#2f6fd6', red: '#d8413a', green: '#2e9b4f', yellow: '#eab72a'};
// CATEGORIES are the score sheet's rows, by key (their names: page.category.<key>).
const CATEGORIES = ['circles', 'infinite_gems', 'laws', 'power_points', 'magic', 'sets', 'attacks', 'total'];

// T is the catalogue of the reader's language (GET /api/words).
let T = {lang: 'en', languages: {}, words: {}, page: {}, cards: {}, plural: 'one'};

// hue marks colour c as a value to fill in: {color} names it, {color:f} and {color:fp} in the
// feminine forms where the language has them.
function hue(c) { return {hue: c}; }

// colorWord names colour c in the form asked ('' plain, 'f' or 'fp').
function colorWord(c, form) { return T.words['color.' + c + (form ? '.' + form : '')] || T.words['color.' + c] || c; }

// singular reports whether n takes the singular: 1 only, or 0 and 1 (plural "zero-one", French).
function singular(n) {
  n = Math.abs(Number(n) || 0);
  return T.plural === 'zero-one' ? n <= 1 : n === 1;
}

// say returns the phrase of key (the page's own or the library's), its placeholders filled from
// args; {Tap}, {tap} and {taps} are the words of a tap or a click, as the screen is used.
function say(key, args) {
  const pat = key in T.page ? T.page[key] : T.words[key];
  if (pat === undefined) return '!(' + key + ')';
  return fill(pat, Object.assign(tapArgs(), args || {}));
}

// tapArgs returns the words of a tap or a click: {Tap} a sentence's imperative, {tap} one within
// it, {taps} the noun.
function tapArgs() {
  const how = touchScreen() ? 'touch' : 'mouse';
  return {Tap: T.page['page.tap.Verb.' + how], tap: T.page['page.tap.verb.' + how], taps: T.page['page.tap.noun.' + how]};
}

// fill writes pattern with its placeholders filled from args.
function fill(pattern, args) {
  let out = '';
  for (;;) {
    const open = pattern.indexOf('{');
    const end = closingBrace(pattern, open);
    if (open < 0 || end < 0) return out + pattern;
    out += pattern.slice(0, open) + placeholder(pattern.slice(open + 1, end), args);
    pattern = pattern.slice(end + 1);
  }
}

// closingBrace returns the index of the brace that closes the one at open, or -1.
function closingBrace(s, open) {
  if (open < 0) return -1;
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

// placeholder fills one placeholder: "name", "name:form" or "name|one|other".
function placeholder(ph, args) {
  const forms = splitBars(ph);
  if (forms.length === 3) return fill(singular(args[forms[0]]) ? forms[1] : forms[2], args);
  const [name, form] = ph.split(':');
  const v = args[name];
  if (v === undefined || v === null) return '!(' + name + ')';
  if (typeof v === 'object' && v.hue) return colorWord(v.hue, form);
  return String(v);
}

// splitBars splits s at the bars outside braces.
function splitBars(s) {
  const out = [];
  let depth = 0, start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}') depth--;
    else if (s[i] === '|' && depth === 0) { out.push(s.slice(start, i)); start = i + 1; }
  }
  out.push(s.slice(start));
  return out;
}

// listAnd joins words as the language does: "a, b and c".
function listAnd(parts) {
  if (parts.length < 2) return parts.join('');
  return parts.slice(0, -1).join(comma()) + (T.words['list.and'] || ' and ') + parts[parts.length - 1];
}

// comma is what separates the items of a list: ", ".
function comma() { return T.words['list.comma'] || ', '; }

// colon joins a heading to what it heads: "Circles: ", "Cercles : ".
function colon(head) { return say('page.colon', {head}); }

// lawName returns the name of a law, without its number, for a phrase that names it.
function lawName(id) { return catalogue[id] ? catalogue[id].name : String(id); }

// botName names a bot's level in words: "greedy", "glouton"; "-2026" keeps the year.
function botName(level) {
  const [base, year] = level.split(/-(?=\d)/);
  const w = T.page['page.bot-level.' + base] || base;
  return year ? w + '-' + year : w;
}

// whenWords names when a law acts, from the card data's timing ("now", "end", "now+end", ...).
function whenWords(when) { return T.page['page.when.' + when] || when; }

// PROMPTS tells, by kind of decision, what the player decides (ask) and what to tap or click for
// it (how), in the phrases of the catalogue. Each entry is a function of the words of the moment
// (w: see promptContext).
const PROMPTS = {
  start: {
    ask: (w) => say(w.kinds.has('keep-in-pyramid') ? 'page.prompt.start.ask.pyramid' : w.kinds.has('keep-in-hand') ? 'page.prompt.start.ask.hand' : 'page.prompt.start.ask'),
    how: (w) => w.kinds.has('keep-in-pyramid') ? say('page.prompt.start.how.pyramid')
      : say('page.prompt.start.how.hand') + (w.edition === 'second' ? say('page.prompt.start.how.second') : ''),
  },
  bid: {
    ask: () => say('page.prompt.bid.ask'),
    how: (w) => (w.round > 1 ? say('page.prompt.bid.how.round', w) : '') + say('page.prompt.bid.how') +
      say(w.kinds.has('attack') ? 'page.prompt.bid.how.attack' : 'page.prompt.bid.how.end'),
  },
  claim: {ask: () => say('page.prompt.claim.ask'), how: () => say('page.prompt.claim.how')},
  'auction-card': {ask: () => say('page.prompt.auction-card.ask'), how: () => say('page.prompt.auction-card.how')},
  gem: {
    ask: (w) => say(w.left > 1 ? 'page.prompt.gem.ask.many' : w.left === 1 ? 'page.prompt.gem.ask.one' : 'page.prompt.gem.ask', w),
    how: () => say('page.prompt.gem.how'),
  },
  deck: {
    ask: (w) => say(w.left > 1 ? 'page.prompt.deck.ask.many' : 'page.prompt.deck.ask', w),
    how: () => say('page.prompt.deck.how'),
  },
  development: {
    ask: () => say('page.prompt.development.ask'),
    how: (w) => (w.round ? say('page.prompt.development.how.round', w) : '') + say('page.prompt.development.how'),
  },
  place: {
    ask: (w) => say(w.endowment ? 'page.prompt.place.ask.endowment' : w.succession ? 'page.prompt.place.ask.succession' : 'page.prompt.place.ask', w),
    how: (w) => w.endowment ? say('page.prompt.place.how.endowment')
      : w.succession ? say('page.prompt.place.how.succession')
      : say('page.prompt.place.how') + (w.law ? '' : say('page.prompt.place.how.costs')) + say('page.prompt.place.how.rule') +
        (w.law ? say('page.prompt.place.how.law') : '') + (w.closed ? say('page.prompt.place.how.closed') : ''),
  },
  payment: {
    ask: (w) => w.due ? say('page.prompt.payment.ask.due', w) : say('page.prompt.payment.ask'),
    how: () => say('page.prompt.payment.how'),
  },
  reward: {ask: () => say('page.prompt.reward.ask'), how: () => say('page.prompt.reward.how')},
  painting: {ask: () => say('page.prompt.painting.ask'), how: () => say('page.prompt.painting.how')},
  'law-option': {ask: () => say('page.prompt.law-option.ask'), how: () => say('page.prompt.law-option.how')},
  'infinite-color': {ask: () => say('page.prompt.infinite-color.ask'), how: () => say('page.prompt.infinite-color.how')},
  tuck: {ask: () => say('page.prompt.tuck.ask'), how: (w) => w.playing ? say('page.prompt.tuck.how', w) : say('page.prompt.tuck.how.law')},
  patronage: {
    ask: () => say('page.prompt.patronage.ask', {law: lawName(78)}),
    how: () => say('page.prompt.patronage.how', {card: cardName(78)}),
  },
  park: {ask: () => say('page.prompt.park.ask', {law: lawName(76)}), how: () => say('page.prompt.park.how', {card: cardName(76)})},
  'put-back': {
    ask: (w) => say(w.left > 0 ? 'page.prompt.put-back.ask.many' : 'page.prompt.put-back.ask', w),
    how: () => say('page.prompt.put-back.how'),
  },
  token: {
    // 67 Barter asks for the player's own token first (which may be none: done), then another's.
    ask: (w) => say(w.kinds.has('done') ? 'page.prompt.token.ask.own' : 'page.prompt.token.ask.take'),
    how: (w) => say(w.kinds.has('done') ? 'page.prompt.token.how.own' : 'page.prompt.token.how.take'),
  },
  gift: {ask: (w) => say(w.left > 0 ? 'page.prompt.gift.ask.many' : 'page.prompt.gift.ask', w), how: () => say('page.prompt.gift.how')},
  duel: {ask: () => say('page.prompt.duel.ask'), how: () => say('page.prompt.duel.how')},
  'auction-discard': {ask: () => say('page.prompt.auction-discard.ask'), how: () => say('page.prompt.auction-discard.how')},
};

// WORDS holds the other phrases the page writes of its own, by use.
const WORDS = {
  you: () => say('page.you'), player: (n) => say('page.player', {n}), Player: (n) => say('page.Player', {n}),
  youAre: (n) => say('page.you-are', {n}),
  standing: () => say('page.standing'), standingNote: () => say('page.standing-note'),
  attackWarning: (n, points) => say('page.attack-warning', {n, points}),
  attacksHeld: () => say('page.attacks-held'),
  attacksOnCards: (n) => say('page.attacks-on-cards', {n}),
  toLog: () => say('page.to-log'), toLogTitle: () => say('page.to-log-title'),
  closedMenu: () => say('page.closed-menu'),
  closesCircle: (col, level) => say('page.closes-circle', {color: hue(col), level}),
  lastRound: (what) => say('page.last-round', {what}),
  why: {
    circles: (w) => w.circles ? say('page.why.circles', w) : say('page.why.circles.none'),
    infinite_gems: () => say('page.why.infinite_gems'),
    laws: (w) => say(w.laws ? 'page.why.laws' : 'page.why.laws.none'),
    power_points: () => say('page.why.power_points'),
    magic: (w) => w.magic ? say('page.why.magic', w) : say(w.bonus ? 'page.why.magic.bonus' : 'page.why.magic.none'),
    sets: (w) => say('page.why.sets', w),
    attacks: (w) => say('page.why.attacks', {attacks: w.attacks, defense: w.defense, stopped: Math.min(w.defense, w.attacks)}),
  },
  whyTitle: () => say('page.why-title'), category: () => say('page.category'),
  endowmentPlace: () => say('page.endowment-place', {law: lawName(66)}),
  successionPlace: () => say('page.succession-place', {law: lawName(65)}),
  zoomFit: () => say('page.zoom-fit'), zoomRead: () => say('page.zoom-read'),
  swipe: () => say('page.swipe'),
};

// Card geometry, in SVG units: a card is W wide and H high, its sectors of radius R.
const W = 100, H = 150, R = 24;
// The scale of every pyramid of the table (pixels a unit): as large as fits, up to MAX_SCALE;
// MIN_SCALE is where the cards' words stay readable, which the page offers to zoom in to.
const MAX_SCALE = 1.0, MIN_SCALE = 0.9;

let catalogue = {};   // card number -> card
let me = null;        // {game, seat, token}
let st = null;        // the latest state
let lines = [];       // the log's lines, as the server tells them
let logNext = 0;      // the event to ask the log from next time
let busy = false;     // a move is on its way
let following = 0;    // the generation of the following loop
let streamAbort = null; // stops the stream being read
let broughtFor = -1;  // the version whose decision was last brought into view
let seenShort = null; // the notes of rewards cut short (line.short) the player has moved since: no longer news
let promptHold = {key: '', height: 0}; // the decision the prompt's height is held for, and that height
let zoomed = false;   // the player zoomed the pyramids in to read them (scalePyramids)
let picked = null;    // the gem a tap just took ({key, at}), which shows it took

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
}

function svg(tag, attrs, ...kids) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'text') e.textContent = v;
    else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  for (const kid of kids) if (kid) e.append(kid);
  return e;
}

function authHeaders() { return me && me.token ? {Authorization: 'Bearer ' + me.token} : {}; }

async function api(method, path, body) {
  const headers = authHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const resp = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await resp.json();
  if (!resp.ok) {
    const err = new Error(data.error || resp.statusText);
    err.code = data.code;
    err.status = resp.status;
    throw err;
  }
  return data;
}

// ---- Starting: a new game, joining one, or resuming the seat this browser holds ----

function seatKey(game) { return 'viceroy-seat:' + game; }

// heldSeats lists the seats this browser holds, from its stored tokens.
function heldSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k.startsWith('viceroy-seat:')) continue;
    try { out.push(JSON.parse(localStorage.getItem(k))); } catch (_) { localStorage.removeItem(k); }
  }
  return out;
}

// loadWords loads the catalogue of the page's language: the one the server wrote the page in
// (<html lang>, chosen by ?lang=, the cookie or the browser's languages).
async function loadWords() {
  const lang = document.documentElement.lang;
  try {
    return await api('GET', '/api/words/' + encodeURIComponent(lang));
  } catch (_) {
    return api('GET', '/api/words');
  }
}

// sayPage writes the page's fixed words (index.html) in the reader's language: an element's text
// (data-say), its HTML (data-say-html: the help's phrases hold <b> and <a>), its title
// (data-say-title) or its aria-label (data-say-label); and offers the other languages.
function sayPage() {
  for (const e of document.querySelectorAll('[data-say]')) e.textContent = say(e.dataset.say);
  for (const e of document.querySelectorAll('[data-say-html]')) e.innerHTML = say(e.dataset.sayHtml);
  for (const e of document.querySelectorAll('[data-say-title]')) e.title = say(e.dataset.sayTitle);
  for (const e of document.querySelectorAll('[data-say-label]')) e.setAttribute('aria-label', say(e.dataset.sayLabel));
  document.documentElement.lang = T.lang;
  languageSwitch();
  document.body.dataset.said = T.lang;
}

// languageSwitch offers the languages, each named in itself, in the header of every screen. A
// choice loads the page again with "?lang=", which the server remembers in a cookie; the address
// then drops it, so that a reload reads the cookie.
function languageSwitch() {
  const pick = $('language');
  pick.replaceChildren(...Object.keys(T.languages).sort().map((tag) =>
    el('option', {value: tag, lang: tag, text: T.languages[tag], selected: tag === T.lang})));
  pick.value = T.lang;
  pick.addEventListener('change', () => { location.href = location.pathname + '?lang=' + encodeURIComponent(pick.value) + location.hash; });
  const url = new URL(location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
}

async function start() {
  const [setup, cards, words] = await Promise.all([api('GET', '/api/setup'), api('GET', '/api/cards'), loadWords()]);
  T = words;
  // The cards' structure from /api/cards, their names and texts in the reader's language.
  for (const c of cards) catalogue[c.card] = Object.assign(c, T.cards[c.card] || {});
  sayPage();
  setupForm(setup);
  window.addEventListener('hashchange', route);
  window.addEventListener('resize', () => {
    if (!st) return;
    scalePyramids();
    promptHold.height = 0; // a height held for another width is no measure for this one
    holdPromptHeight(st.view);
  });
  document.addEventListener('click', closeMenuOutside, true);
  watchStill();
  document.addEventListener('click', showCardOnClick);
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') closeMenu(); });
  $('help-open').addEventListener('click', () => openHelp('how'));
  $('to-log').textContent = WORDS.toLog();
  $('to-log').title = WORDS.toLogTitle();
  $('to-log').addEventListener('click', () => $('log-panel').scrollIntoView({block: 'start'}));
  $('help-close').addEventListener('click', () => $('help').close());
  for (const b of document.querySelectorAll('[data-help]')) b.addEventListener('click', () => openHelp(b.dataset.help));
  route();
}

function route() {
  const game = new URLSearchParams(location.hash.slice(1)).get('game');
  following++;
  if (streamAbort) streamAbort.abort();
  st = null; lines = []; logNext = 0; me = null; broughtFor = -1; seenShort = null; promptHold = {key: '', height: 0};
  $('log').replaceChildren();
  closeMenu();
  $('setup').hidden = $('join').hidden = $('table').hidden = true;
  document.body.dataset.view = game ? 'game' : 'home';
  if (!game) { showSetup(); return; }
  const held = localStorage.getItem(seatKey(game));
  if (held) { me = JSON.parse(held); showTable(); return; }
  showJoin(game);
}

function setupForm(setup) {
  const form = $('new-game');
  for (const e of setup.editions) form.edition.append(el('option', {value: e, text: say('edition.' + e)}));
  const seats = () => {
    const box = $('seat-kinds');
    const before = [...box.querySelectorAll('select')].map((s) => s.value);
    box.replaceChildren(el('legend', {text: say('page.seats')}));
    for (let p = 0; p < Number(form.players.value); p++) {
      const pick = el('select', {name: 'seat' + p});
      pick.append(el('option', {value: 'person', text: p === 0 ? WORDS.you() : say('page.seat.person')}));
      for (const level of setup.bot_levels) pick.append(el('option', {value: level, text: say('page.seat.bot-option', {level: botName(level)})}));
      pick.value = before[p] || (p === 0 ? 'person' : setup.bot_levels[setup.bot_levels.length - 1]);
      if (p === 0) pick.disabled = true;
      box.append(el('label', {}, WORDS.Player(p + 1) + ' ', pick));
    }
  };
  // A solo game needs a virtual opponent, and the table seats four at most.
  const virtual = () => {
    const players = Number(form.players.value);
    for (const o of form.virtual.options) o.disabled = players + Number(o.value) > 4 || (players === 1 && o.value === '0');
    if (form.virtual.selectedOptions[0].disabled) form.virtual.value = players === 1 ? '1' : '0';
  };
  $('bot-levels').textContent = say('page.bot-levels', {levels: setup.bot_levels.map(botName).join(comma())});
  form.virtual.setAttribute('aria-describedby', 'virtual-note');
  form.players.addEventListener('change', () => { seats(); virtual(); });
  seats();
  virtual();
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const players = Number(form.players.value);
    const body = {players, virtual: Number(form.virtual.value), edition: form.edition.value, seats: []};
    for (let p = 0; p < players; p++) body.seats.push(form['seat' + p].value);
    try {
      await newGame(body);
    } catch (e) {
      $('setup-error').textContent = e.message;
    }
  });
}

// newGame starts a game with the settings given and goes to its table.
async function newGame(body) {
  const j = await api('POST', '/api/games', body);
  localStorage.setItem(seatKey(j.game), JSON.stringify(j));
  location.hash = 'game=' + j.game;
}

async function showSetup() {
  $('setup').hidden = false;
  $('where').textContent = '';
  const list = $('games');
  list.replaceChildren();
  try {
    for (const g of await api('GET', '/api/games')) {
      if (localStorage.getItem(seatKey(g.game))) continue; // listed among the player's own
      list.append(el('li', {}, el('a', {href: '#game=' + g.game, text: say('page.game-link', {game: g.game})}), ' ' + g.summary));
    }
  } catch (e) { list.append(el('li', {text: e.message})); }
  if (!list.children.length) list.append(el('li', {class: 'none', text: say('page.none-now')}));
  showYourGames();
}

// showYourGames lists the seats this browser holds, with their games as they are now.
async function showYourGames() {
  const list = $('your-games');
  list.replaceChildren();
  const held = heldSeats();
  $('your-games-box').hidden = held.length === 0;
  const rows = await Promise.all(held.map(async (j) => {
    try {
      return {j, info: await api('GET', '/api/games/' + j.game)};
    } catch (e) {
      if (e.status === 404) localStorage.removeItem(seatKey(j.game)); // the server no longer has it
      return null;
    }
  }));
  for (const r of rows.filter(Boolean).sort((a, b) => Number(a.info.over) - Number(b.info.over))) {
    list.append(el('li', {class: 'your-game' + (r.info.over ? ' over' : '')},
      el('a', {href: '#game=' + r.j.game, text: say('page.your-game-link', {game: r.j.game, player: WORDS.player(r.j.seat + 1)})}), ' ' + r.info.summary));
  }
  $('your-games-box').hidden = list.children.length === 0;
}

async function showJoin(game) {
  $('join').hidden = false;
  const list = $('join-seats');
  list.replaceChildren();
  try {
    const info = await api('GET', '/api/games/' + game);
    $('join-summary').textContent = info.summary;
    info.seats.forEach((s, p) => {
      if (s.kind === 'person' && !s.taken) {
        list.append(el('li', {}, el('button', {class: 'take-seat', text: say('page.sit-as', {player: WORDS.player(p + 1)}), onclick: async () => {
          try {
            const j = await api('POST', `/api/games/${game}/seats/${p}`);
            localStorage.setItem(seatKey(game), JSON.stringify(j));
            route();
          } catch (e) { $('join-summary').textContent = e.message; }
        }})));
      } else {
        list.append(el('li', {text: say('page.seat.is', {player: WORDS.player(p + 1),
          who: s.kind === 'person' ? say('page.seat.person') : say('page.seat.bot', {level: botName(s.kind)})})}));
      }
    });
  } catch (e) {
    $('join-summary').textContent = e.message;
  }
}

// ---- Following the game: a stream of server-sent events, a long poll if streams fail ----

function showTable() {
  $('table').hidden = false;
  follow(following);
}

function seatPath() { return `/api/games/${me.game}/seats/${me.seat}`; }

// follow keeps the page up to date while it shows the table: it reads the seat's stream, opens it
// again when it breaks (its first event brings the page up to date), and after three streams in a
// row that brought nothing, polls for a while instead.
async function follow(gen) {
  let fruitless = 0;
  while (gen === following) {
    if (fruitless < 3) {
      document.body.dataset.link = 'stream';
      const got = await stream(gen);
      if (got < 0 || gen !== following) return;
      fruitless = got > 0 ? 0 : fruitless + 1;
      if (fruitless < 3) await sleep(got > 0 ? 200 : 500 * 2 ** fruitless);
      continue;
    }
    document.body.dataset.link = 'poll';
    for (let i = 0; i < 20 && gen === following; i++) {
      try {
        const news = st ? st.news : -1;
        const s = await api('GET', `${seatPath()}/state?log=${logNext}&news=${news}`);
        if (gen === following) accept(s);
      } catch (e) {
        if (gen !== following) return;
        if (lostSeat(e.code, e.message)) return;
        await sleep(2000);
      }
    }
    fruitless = 0; // try the stream again
  }
}

// lostSeat forgets the seat when the server says it is not this browser's (code: the error's), and
// says so. Any other failure, a proxy's included, leaves the seat to the next try.
function lostSeat(code, message) {
  if (!['no-token', 'wrong-token', 'no-such-seat', 'no-such-game'].includes(code)) return false;
  localStorage.removeItem(seatKey(me.game));
  $('prompt').textContent = message;
  return true;
}

// stream reads the seat's stream of states until it ends or breaks, and returns how many states
// it brought, or -1 if the seat is not this browser's. With nothing heard for 45 s (the server says
// it is alive every 20 s), it gives the connection up.
async function stream(gen) {
  const ctl = new AbortController();
  streamAbort = ctl;
  let got = 0, quiet;
  const heard = () => { clearTimeout(quiet); quiet = setTimeout(() => ctl.abort(), 45000); };
  try {
    heard();
    const resp = await fetch(`${seatPath()}/stream?log=${logNext}`, {headers: authHeaders(), signal: ctl.signal, cache: 'no-store'});
    if (!resp.ok) {
      let answer = {};
      try { answer = await resp.json(); } catch (_) { /* not the server's own answer */ }
      return lostSeat(answer.code, answer.error) ? -1 : 0;
    }
    const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const {value, done} = await reader.read();
      if (done || gen !== following) break;
      heard();
      buf += value;
      for (let end; (end = buf.indexOf('\n\n')) >= 0;) {
        const block = buf.slice(0, end);
        buf = buf.slice(end + 2);
        let kind = 'message';
        const data = [];
        for (const ln of block.split('\n')) {
          if (ln.startsWith('event:')) kind = ln.slice(6).trim();
          else if (ln.startsWith('data:')) data.push(ln.slice(5).replace(/^ /, ''));
        }
        if (kind === 'state' && data.length && gen === following) {
          accept(JSON.parse(data.join('\n')));
          got++;
        }
      }
    }
  } catch (_) {
    // the connection broke, or was given up: the caller opens it again
  } finally {
    clearTimeout(quiet);
    ctl.abort();
  }
  return got;
}

// accept takes a state if it is not older than the one drawn, and draws it.
function accept(s) {
  if (st && s.news < st.news) return;
  if (s.log.length) {
    let keep = lines.length;
    while (keep > 0 && lines[keep - 1].from >= s.log[0].from) keep--;
    lines = lines.slice(0, keep).concat(s.log);
  }
  logNext = s.log_next;
  if (!seenShort) seenShort = new Set(lines.filter((l) => l.short).map(shortKey)); // old news on opening the page
  if (st && s.news === st.news) { drawLog(); return; } // nothing new to draw: an open menu stays
  st = s;
  draw();
}

async function play(move) {
  if (busy || !st) return;
  busy = true;
  seenShort = new Set(lines.filter((l) => l.short).map(shortKey)); // the player has moved since
  closeMenu();
  document.body.dataset.busy = 'true';
  try {
    accept(await api('POST', `${seatPath()}/moves?log=${logNext}`, {version: st.version, move}));
  } catch (e) {
    $('hint').textContent = e.code === 'stale' ? say('page.stale') : e.message;
    try { accept(await api('GET', `${seatPath()}/state?log=${logNext}`)); } catch (_) { /* the stream catches up */ }
  } finally {
    busy = false;
    document.body.dataset.busy = 'false';
  }
}

// ---- Moves and what they concern ----

// targetOf names the thing on the table a move concerns, or '' for a move shown as a button.
function targetOf(m) {
  switch (m.kind) {
    case 'keep-in-pyramid': case 'keep-in-hand': case 'play': case 'discard': case 'take':
    case 'claim': case 'use-infinite': case 'tuck': case 'tuck-under': case 'put-back': case 'pick-token':
      return 'card:' + m.card;
    case 'place': return `place:${m.at.level}:${m.at.col}`;
    case 'paint': return `circle:${m.at.level}:${m.at.col}`;
    case 'bid': return 'auction:' + m.color;
    case 'take-gem': return 'reserve:' + m.color;
    case 'park': case 'give-gem': return 'screen:' + m.color;
    case 'attack': return 'attack';
    case 'draw': return 'deck:' + m.deck;
    default: return '';
  }
}

// targets groups the legal moves by what they concern.
function targets() {
  const out = new Map();
  for (const d of st.moves) {
    const key = targetOf(d.move);
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(d);
  }
  return out;
}

// touchScreen reports whether the page is used by touch, with no hover.
function touchScreen() { return matchMedia('(hover: none) and (pointer: coarse)').matches; }

// touchFirst reports whether click ev only selects, and the move waits for a confirmation: a tap
// on a touch screen, which shows no hover text, must not commit what it could not preview. A
// mouse's click commits at once.
function touchFirst(ev) {
  if (ev && ev.pointerType) return ev.pointerType !== 'mouse';
  return touchScreen();
}

// gemPick reports whether move m only picks a gem of a colour, one of a run of such picks (gems
// taken from the reserve, given, parked): a move with nothing to preview beyond the gem its thing
// shows, which a tap makes at once. A move with consequences (a place, a card, a payment) waits
// for a confirmation.
function gemPick(m) { return m.kind === 'take-gem' || m.kind === 'give-gem' || m.kind === 'park'; }

// arm makes the drawn things that legal moves concern clickable; moves whose thing is not drawn
// become buttons.
function arm() {
  const groups = targets();
  const actions = $('actions');
  actions.replaceChildren();
  for (const [key, moves] of groups) {
    const things = key ? document.querySelectorAll(`#board [data-key="${key}"]`) : [];
    if (things.length === 0) {
      for (const d of moves) actions.append(button(d));
      continue;
    }
    for (const t of things) {
      t.classList.add('legal');
      const words = moves.map(moveText).join(' / ');
      t.setAttribute('aria-label', words);
      if (t.namespaceURI === 'http://www.w3.org/2000/svg') {
        // A card keeps its full text on hover, above what a click on it does.
        const card = catalogue[t.dataset.card];
        for (const old of t.querySelectorAll(':scope > title')) old.remove();
        t.append(svg('title', {text: (card ? cardTitle(card) + '\n\n' : '') + say(moves.length === 1 ? 'page.click-one' : 'page.click-choose') + words}));
      } else {
        t.title = words;
      }
      // The hint follows a mouse only: a tap's emulated mouse events would write it just before
      // the click, and a hint that wraps to another line moves what the finger aimed at.
      t.addEventListener('pointerenter', (ev) => { if (ev.pointerType === 'mouse') $('hint').textContent = words; });
      t.addEventListener('click', (ev) => {
        ev.stopPropagation();
        holdStill(ev, t);
        if (moves.length === 1 && (!touchFirst(ev) || gemPick(moves[0].move))) {
          if (gemPick(moves[0].move)) picked = {key, at: Date.now()};
          play(moves[0].move);
        } else openMenu(t, moves);
      });
      if (key.startsWith('circle:')) previewOnHover(t, moves);
    }
  }
}

function button(d) {
  const b = el('button', {class: 'legal move', text: moveText(d), onclick: (ev) => { holdStill(ev, b); play(d.move); }});
  const c = d.move.color;
  if (c) b.style.borderLeft = `12px solid ${PAINT[c]}`;
  return b;
}

// moveText tells a legal move d as the page shows it: its words, without the column of a place
// (the place is drawn where it is), and what it costs and gives where its words do not say.
function moveText(d) {
  const c = d.move.kind === 'place' && st.view.playing ? catalogue[st.view.playing] : null;
  if (c && c.kind !== 'law') return say('page.move.place-at', {card: cardName(c.card), where: levelWords(c, d.move.at.level)}) + circleWords(d.move.at);
  if (d.move.kind === 'paint') return paintWords(d.move);
  return pointTokens(withoutColumn(d.text)) + consequence(d.move);
}

// withoutColumn drops the column from the words of a move that names a place, as the library's
// phrase of a place writes it (" (column -1)", " (columna -1)"): the place is drawn where it is.
function withoutColumn(text) {
  const part = (T.words['move.place'] || '').match(/\s*\([^()]*\{col\}[^()]*\)/);
  if (!part) return text;
  const [before, after] = part[0].split('{col}');
  return text.replace(new RegExp(escapeRe(before) + '-?\\d+' + escapeRe(after)), '');
}

// pointTokens writes a power-point token as a reward says it ("a 2-point token") where the words of
// a move say it as a token ("a 2 points token").
function pointTokens(text) {
  for (const n of new Set(text.match(/\d+/g) || [])) {
    text = text.split(say('a-token.points', {n: Number(n)})).join(say('reward.points', {n: Number(n)}));
  }
  return text;
}

function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

// consequence tells what a move costs and gives, where the words of the move do not: a place in
// the pyramid, for the card being placed; a card discarded, for its gems.
function consequence(m) {
  if (m.kind === 'discard' && st.view.phase === 'development' && st.view.config.edition === 'second') return say('page.move.discard-gems');
  if (m.kind === 'take-reward' && m.reward === 'rows' && st.view.playing && catalogue[st.view.playing].kind !== 'law') {
    return say('page.move.rows', {rewards: [0, 1, 2].map((r) => rewardWords(catalogue[st.view.playing].rows[r].reward)).join(say('page.move.rows-then'))});
  }
  if (m.kind !== 'place' || !st.view.playing) return '';
  const c = catalogue[st.view.playing];
  if (!c || c.kind === 'law') return say('page.move.law-effect') + circleWords(m.at);
  return ` — ${levelWords(c, m.at.level)}`;
}

// circleWords tells the circle of one colour that a place of the player's pyramid closes, as the
// place drawn shows it: on a phone, with no hover, the menu is where its words are read.
function circleWords(at) {
  const e = at && document.querySelector(`#me .place[data-place="${at.level}:${at.col}"] .place-circle`);
  return e ? WORDS.closesCircle(e.dataset.circle, at.level) : '';
}

// openMenu shows what a thing allows: the card's full text, or the cost of a place, and a button
// for each move, with Cancel. The thing is marked as selected until the menu closes.
function openMenu(anchor, moves, cardID) {
  closeMenu();
  const menu = $('menu');
  const card = cardID || Number(anchor.dataset.card || 0);
  const kids = [];
  if (card && catalogue[card]) kids.push(cardDetails(card));
  if (card && moves.some((d) => d.move.kind === 'play')) kids.push(placesNote(card));
  for (const d of moves) {
    const b = el('button', {class: 'menu-item', text: moveText(d), onclick: (ev) => { ev.stopPropagation(); holdStill(ev, anchor); play(d.move); }});
    if (d.move.kind === 'paint') b.prepend(paintPreview(d.move));
    kids.push(b);
  }
  kids.push(el('button', {class: 'menu-cancel', text: say(moves.length ? 'page.cancel' : 'page.close'), onclick: closeMenu}));
  menu.replaceChildren(...kids);
  anchor.classList.add('selected');
  menu.anchor = anchor;
  menu.moves = JSON.stringify(moves.map((d) => d.move));
  menu.card = cardID;
  $('hint').textContent = '';
  menu.hidden = false;
  placeMenu(menu, anchor);
}

// placeMenu lays the menu out inside the screen, below or above the thing it is about and never
// over it (nor over the circle a place's half completes, keptClear): where neither side has room,
// the page scrolls the thing up to just below the bar, and the menu below it scrolls inside itself
// if it must.
function placeMenu(menu, anchor) {
  menu.style.maxHeight = '';
  const vh = window.innerHeight, gap = 6;
  const barBottom = $('bar').getBoundingClientRect().bottom;
  let r = keptClear(anchor);
  const h = menu.offsetHeight;
  let top;
  if (r.bottom + gap + h <= vh - gap) top = r.bottom + gap;
  else if (r.top - gap - h >= barBottom) top = r.top - gap - h;
  else {
    // Scroll the thing up, so that the room below it is as large as the screen allows.
    const want = Math.min(r.top - barBottom - gap, r.bottom + gap + h - (vh - gap));
    if (want > 0) window.scrollBy(0, want);
    r = keptClear(anchor);
    const below = vh - gap - (r.bottom + gap), above = r.top - gap - Math.max(barBottom, gap);
    if (below >= above) { top = r.bottom + gap; menu.style.maxHeight = Math.max(80, below) + 'px'; }
    else { menu.style.maxHeight = Math.max(80, above) + 'px'; top = r.top - gap - menu.offsetHeight; }
  }
  const width = document.documentElement.clientWidth;
  menu.style.left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + width - menu.offsetWidth - 8)) + 'px';
  menu.style.top = (window.scrollY + top) + 'px';
}

// keptClear returns the box a menu about anchor must not cover: the thing; for a colour's arrow,
// the cards of its column, which the bid is for; and for a place that previews a half circle, the
// whole circle that half completes with the quarters of the two cards below it.
function keptClear(anchor) {
  const column = anchor.classList && anchor.classList.contains('arrow-head') && anchor.closest('.arrow');
  const r = (column || anchor).getBoundingClientRect();
  const half = anchor.querySelector && anchor.querySelector('.place-half');
  if (!half) return r;
  const h = half.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: Math.max(r.bottom, h.bottom + h.height)};
}

function closeMenu() {
  const menu = $('menu');
  if (menu.anchor) menu.anchor.classList.remove('selected');
  menu.anchor = null;
  menu.hidden = true;
}
// closeMenuOutside closes the menu at a click outside it, and says that nothing was chosen.
function closeMenuOutside(ev) {
  const menu = $('menu');
  if (menu.hidden || menu.contains(ev.target)) return;
  const had = menu.moves && menu.moves !== '[]';
  closeMenu();
  if (had) $('hint').textContent = WORDS.closedMenu();
}

// showCardOnClick shows the full text of a card clicked that no move concerns.
function showCardOnClick(ev) {
  const g = ev.target.closest && ev.target.closest('[data-card]');
  if (!g || g.classList.contains('legal') || $('menu').contains(g)) return;
  if (g.closest('#help')) return;
  openMenu(g, [], Number(g.dataset.card));
}

// ---- Holding the table still under the pointer ----

// still is what the page holds still after a click: the section clicked in (ref) where it lay
// (top), the pointer's place, and the height the bar was given to make up for what left it.
let still = null;

// holdStill notes, at a click on thing, where the section around it lies: until the pointer moves
// away, the page redrawn keeps that section where it was (keepStill), so that a quick second click
// lands on what the first one did, though the bar's buttons go and the prompt's words change.
function holdStill(ev, thing) {
  const ref = (thing && thing.closest && thing.closest('#auction, #supply, #me, #others, #standing, #scores, #bar')) || $('middle');
  if (ref.id === 'bar') { releaseStill(); return; } // the bar itself changes: nothing of it to hold
  still = {ref, top: ref.getBoundingClientRect().top, x: ev ? ev.clientX : 0, y: ev ? ev.clientY : 0, scrollY: window.scrollY};
}

// keepStill puts the section held back where it lay: the bar grows to make up for words that went,
// the page scrolls to make up for words that came.
function keepStill() {
  if (!still || !document.contains(still.ref)) return;
  const bar = $('bar');
  bar.style.minHeight = ''; // measured from the bar as its words make it
  const d = still.ref.getBoundingClientRect().top - still.top;
  if (d < -0.5 && bar.offsetHeight - d <= window.innerHeight / 2) bar.style.minHeight = (bar.offsetHeight - d) + 'px';
  else if (d > 0.5) window.scrollBy(0, d);
  else if (d < -0.5) { releaseStill(); return; } // too much went: a bar that large would hide the table
  still.scrollY = window.scrollY;
}

// releaseStill lets the page lay out as it will once the pointer moved away, or the page is
// scrolled or resized by the player.
function releaseStill() {
  still = null;
  $('bar').style.minHeight = '';
}

function watchStill() {
  document.addEventListener('pointermove', (ev) => {
    if (still && Math.hypot(ev.clientX - still.x, ev.clientY - still.y) > 24) releaseStill();
  });
  for (const kind of ['wheel', 'touchmove', 'keydown']) document.addEventListener(kind, () => { if (still) releaseStill(); }, {passive: true});
  window.addEventListener('resize', () => { if (still) releaseStill(); });
  // A scroll the page did not make to hold still (the player's, or one that brings a decision into
  // view) lets go.
  window.addEventListener('scroll', () => { if (still && Math.abs(window.scrollY - still.scrollY) > 1) releaseStill(); }, {passive: true});
}

// ---- Drawing ----

function draw() {
  const v = st.view;
  // A menu open on a thing stays open if the thing still allows the same moves: another player's
  // move must not take away what the player is about to choose.
  const menu = $('menu');
  const reopen = !menu.hidden && menu.anchor ? {key: menu.anchor.dataset.key, moves: menu.moves, card: menu.card} : null;
  const scrolled = pyramidScroll();
  document.body.dataset.version = String(st.version);
  document.body.dataset.over = String(v.over);
  document.body.dataset.turn = String(v.turn);
  document.body.dataset.players = String(v.players.length);
  const round = (v.phase === 'auction' || v.phase === 'development') && v.round ? say('page.where.round.' + v.phase, {round: v.round}) : '';
  $('where').textContent = v.over ? say('page.where.over') : v.turn === 0 ? say('page.where.start')
    : say('page.where.turn', {turn: v.turn, phase: say('phase.' + v.phase)}) + round;
  drawPrompt(v);
  $('auction').replaceChildren(drawAuction(v));
  $('supply').replaceChildren(drawSupply(v));
  $('me').replaceChildren(...drawMe(v));
  $('others').replaceChildren(...v.players.filter((p) => p.player !== v.player).map((p) => drawOther(v, p)));
  drawScores(v);
  drawStanding(v);
  drawLog();
  closeMenu();
  arm();
  scalePyramids(scrolled);
  keepStill();
  bringIntoView();
  if (reopen && reopen.key) {
    const now = targets().get(reopen.key) || [];
    const thing = document.querySelector(`#board [data-key="${reopen.key}"]`);
    if (thing && JSON.stringify(now.map((d) => d.move)) === reopen.moves) openMenu(thing, now, reopen.card);
  }
}

// pyramidScroll returns how far each pyramid of the table is scrolled sideways, by player, so that
// a redraw leaves it where the player scrolled it.
function pyramidScroll() {
  const out = new Map();
  for (const b of document.querySelectorAll('#board .pyramid-box')) out.set(b.firstChild.dataset.player, b.scrollLeft);
  return out;
}

// scalePyramids draws every pyramid of the table at one scale: the largest, up to MAX_SCALE, at
// which each is seen whole in the width of its box, however small that makes it (its cards' words
// are a tap away). Where that is below MIN_SCALE, the page offers to zoom in to MIN_SCALE, where the
// words stay readable; zoomed in, a pyramid wider than its box scrolls in it, with a note that says
// so, and stays scrolled as it was before the redraw (scrolled, by player), unless places to choose
// from are offered in it: it is then scrolled to the middle of them if they all fit its width, and
// to the first of them if not.
function scalePyramids(scrolled) {
  const boxes = [...document.querySelectorAll('#board .pyramid-box')];
  for (const n of document.querySelectorAll('#board .swipe-note, #board .zoom')) n.remove(); // drawn anew: no stale note
  if (!boxes.length) return;
  const avail = $('board').clientWidth - 24;
  let fit = MAX_SCALE;
  for (const b of boxes) fit = Math.min(fit, avail / Number(b.firstChild.dataset.units));
  const small = fit < MIN_SCALE - 0.001;
  const scale = small && zoomed ? MIN_SCALE : fit;
  document.body.dataset.scale = scale.toFixed(3);
  document.body.dataset.zoomed = String(small && zoomed);
  for (const b of boxes) {
    const s = b.firstChild;
    s.style.width = Math.round(Number(s.dataset.units) * scale) + 'px';
    s.style.height = Math.round(Number(s.dataset.height) * scale) + 'px';
    if (small && s.classList.contains('mine')) {
      b.after(el('button', {type: 'button', class: 'zoom', text: zoomed ? WORDS.zoomFit() : WORDS.zoomRead(),
        onclick: () => { zoomed = !zoomed; scalePyramids(); }}));
    }
    summarize(s, scale);
    const wide = b.scrollWidth > b.clientWidth + 1;
    if (wide) b.before(el('div', {class: 'swipe-note', text: WORDS.swipe()}));
    const places = [...s.querySelectorAll('.place.legal')].map((e) => e.getBoundingClientRect());
    if (wide && places.length) { // the places to choose from in view: all if they fit, else the first
      const box = b.getBoundingClientRect();
      const left = Math.min(...places.map((r) => r.left)), right = Math.max(...places.map((r) => r.right));
      const first = places[0];
      b.scrollLeft += right - left <= box.width ? (left + right) / 2 - box.left - box.width / 2
        : first.left - box.left - (box.width - first.width) / 2;
    } else if (wide && scrolled && scrolled.has(s.dataset.player)) {
      b.scrollLeft = scrolled.get(s.dataset.player);
    }
  }
}

// READ_PX is the height, in pixels, of the words of a pyramid summed up (summarize): read at a
// glance on a phone.
const READ_PX = 12;

// summarize draws the cards and places of pyramid s, drawn at scale, as summaries read at a glance
// where their faces' words would be too small (below MIN_SCALE, not zoomed in): a card's number
// and what lies on it (tokens, infinite gem, parked gems, cards tucked under it), a place's level,
// cost and reward, READ_PX pixels high, and nothing else; a tap on a card shows its whole text. At
// a readable scale the summaries go and the faces show whole.
function summarize(s, scale) {
  for (const e of s.querySelectorAll('.sum')) e.remove();
  const on = scale < MIN_SCALE - 0.001;
  s.classList.toggle('summary', on);
  if (!on) return;
  const f = READ_PX / scale; // the words' size, in the units of the pyramid
  const line = f * 1.1;
  const words = (x, y, text, cls, color) => fit(svg('text', {x, y, class: 'sum ' + cls, text,
    style: `font-size: ${f.toFixed(1)}px` + (color ? `; fill: ${color}` : '')}), W - 6);
  const owner = st && st.view.players.find((p) => String(p.player) === s.dataset.player);
  const held = new Map(((owner && owner.tableau.cards) || []).map((c) => [c.card, c]));
  const tucked = new Map();
  for (const t of (owner && owner.tableau.tucked) || []) tucked.set(t.under, (tucked.get(t.under) || 0) + 1);
  for (const g of s.querySelectorAll(':scope > g.card')) {
    const body = g.querySelector('.card-body');
    const x = Number(body.getAttribute('x')), y = Number(body.getAttribute('y'));
    const id = Number(g.dataset.card), c = held.get(id) || {};
    g.append(words(x + W / 2, y + line, String(id), 'sum-number'));
    // Its name too where it fits, squeezed a little at most.
    const name = catalogue[id] ? catalogue[id].name : '';
    const named = name && name.length * f * 0.55 <= (W - 6) * 1.3;
    if (named) g.append(words(x + W / 2, y + line * 2, name, 'sum-name'));
    const marks = (c.tokens || []).map((t) => [tokenWords(t), t.color ? PAINT[t.color] : null]);
    if (c.infinite) marks.push(['∞', PAINT[c.infinite]]);
    const parked = c.parked ? COLORS.reduce((n, col) => n + (c.parked[col] || 0), 0) : 0;
    if (parked) marks.push([`${parked}◆`, null]);
    if (tucked.get(id)) marks.push([`⤓${tucked.get(id)}`, null]);
    // As many lines as the card holds above its half circle; the last says how many more.
    const first = named ? 3.1 : 2.1;
    const room = Math.max(1, Math.floor((H - R - 4) / line - first + 1));
    const lines = [];
    for (const [text, color] of marks) {
      const last = lines[lines.length - 1];
      if (last && (last.text + ' ' + text).length * f * 0.62 <= W - 6) last.text += ' ' + text;
      else lines.push({text, color});
    }
    if (lines.length > room) lines.splice(room - 1, lines.length, {text: say('page.sum.more', {n: lines.length - room + 1})});
    lines.forEach((l, i) => g.append(words(x + W / 2, y + line * (i + first), l.text, 'sum-token', l.color)));
  }
  const playing = st && st.view.playing ? catalogue[st.view.playing] : null;
  for (const g of s.querySelectorAll(':scope > g.place')) {
    const rect = g.querySelector(':scope > rect');
    const x = Number(rect.getAttribute('x')) - 3, y = Number(rect.getAttribute('y')) - 3;
    const level = Number(g.dataset.level);
    g.append(words(x + W / 2, y + line, say('page.sum.level', {level}), 'sum-level'));
    if (!playing) continue;
    if (playing.kind === 'law') { g.append(words(x + W / 2, y + line * 2.2, say('page.sum.free'), 'sum-note')); continue; }
    const cost = levelCost(playing, level), r = Math.min(f * 0.32, (W - 10) / cost.length / 2 - 1);
    cost.forEach((col, i) => g.append(svg('circle', {cx: x + W / 2 + (i - (cost.length - 1) / 2) * (2 * r + 2), cy: y + line * 1.7, r, fill: PAINT[col], class: 'sum cost'})));
    const t = svg('text', {x: x + W / 2, y: y + line * 3.1, class: 'sum sum-reward', style: `font-size: ${f.toFixed(1)}px`});
    if (level === 5) t.textContent = say('page.sum.rows5');
    else rewardIcons(t, playing.rows[level - 1].reward);
    const row = rewardRow(t, W - 6);
    row.classList.add('sum');
    g.append(row);
    const circle = g.querySelector('.place-circle');
    if (g.classList.contains('closed')) g.append(words(x + W / 2, y + line * 4.2, '✗', 'sum-note'));
    else if (circle) g.append(words(x + W / 2, y + line * 4.2, '+1◆', 'sum-note', PAINT[circle.dataset.circle]));
  }
  for (const t of s.querySelectorAll(':scope > text.empty-pyramid')) t.replaceWith(words(Number(t.getAttribute('x')), Number(t.getAttribute('y')), '—', 'sum-empty'));
}

// bringIntoView scrolls the things the player must decide on into view, once a decision, when
// they are not in view: the player never has to look for what the prompt asks. Something to
// choose counts as in view only if it is whole below the prompt's bar; the places of the pyramid
// count together, so that a player sees every place offered, with its cost and reward.
function bringIntoView() {
  if (!st.moves.length || broughtFor === st.version) return;
  broughtFor = st.version;
  const barBox = $('bar');
  const bar = barBox.getBoundingClientRect();
  const legal = [...document.querySelectorAll('#board .legal')].filter((e) => !barBox.contains(e) && e.getBoundingClientRect().width > 0);
  if (!legal.length) return; // only buttons, in the bar
  const whole = (r) => r.top >= bar.bottom - 2 && r.bottom <= window.innerHeight + 2;
  const places = legal.filter((e) => e.classList.contains('place'));
  const group = places.length ? places : null;
  const boxes = (group || legal).map((e) => e.getBoundingClientRect());
  if (group ? boxes.every(whole) : boxes.some(whole)) return;
  // Scroll to the group of places, or to the first thing to choose: in the middle of the room below
  // the bar if it fits, its top just below the bar if not.
  const first = group ? boxes : [boxes[0]];
  const top = Math.min(...first.map((r) => r.top)), bottom = Math.max(...first.map((r) => r.bottom));
  const room = window.innerHeight - bar.height;
  const y = window.scrollY + top - bar.height - Math.max(8, (room - (bottom - top)) / 2);
  window.scrollTo({top: Math.max(0, y), behavior: 'instant'});
}

function who(p) {
  if (p === st.view.player) return WORDS.you();
  const s = st.seats[p];
  return s && s.kind !== 'person' ? say('page.player-bot', {player: WORDS.player(p + 1), bot: botName(s.kind)}) : WORDS.player(p + 1);
}

function capital(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

// shortKey names a line's note of a reward cut short, as the player has seen it.
function shortKey(l) { return l.from + '|' + l.short; }

function drawPrompt(v) {
  const p = $('prompt');
  // The notes of rewards the reserve cut short for the player since their last move: shown where
  // the player sees the reward happen, the prompt that follows it, until they move again.
  const news = lines.filter((l) => l.short && !(seenShort && seenShort.has(shortKey(l))))
    .map((l) => el('div', {class: 'prompt-short', role: 'status', text: '⚠ ' + l.short + '.'}));
  if (v.over) { p.replaceChildren(say('page.prompt.over'), ...news); return; }
  const parts = [];
  if (v.legal.length) parts.push(el('strong', {text: promptWords(v)}));
  else if (v.to_move.length) parts.push(say('page.waiting', {players: v.to_move.map(who).join(comma())}));
  if (v.playing) parts.push(say('page.resolving'), cardLabel(v.playing));
  if (v.chosen && v.chosen.length) {
    parts.push(el('div', {class: 'chosen', text: say('page.chosen', {moves: v.chosen.map((m) => moveWords(v.player, m)).join(comma())})}));
  }
  const more = v.legal.length ? promptNote(v) : '';
  if (more) parts.push(el('div', {class: 'prompt-note', text: more}));
  if (v.revealed && v.revealed.length) {
    parts.push(el('div', {class: 'revealed', text: say('page.revealed', {moves: v.revealed.map((r) => moveWords(r.player, r.move)).join(say('log.sep'))})}));
  } else if (v.decision === 'bid' && v.round > 1) {
    const last = lastRoundWords();
    if (last) parts.push(el('div', {class: 'revealed', text: WORDS.lastRound(last)}));
  }
  p.replaceChildren(...parts, ...news);
  $('hint').textContent = '';
  holdPromptHeight(v);
}

// lastRoundWords returns the log's words of the auction round before this one, with what it
// revealed (the bids, the claims): a new round's view reveals nothing yet, and the player must
// know why they took no card.
function lastRoundWords() {
  const heads = lines.filter((l) => l.kind === 'turn' || l.kind === 'round');
  const prev = heads[heads.length - 2];
  return prev && prev.text.toLowerCase().includes(revealedWord()) ? prev.text : '';
}

// revealedWord returns the log's word that begins what a round revealed: "revealed: ".
function revealedWord() { return (T.page['log.revealed'] || 'revealed: ').split('{')[0].toLowerCase(); }

// holdPromptHeight keeps the prompt as high as it has been during a run of the same decision (gems
// taken one at a time, circles painted one by one): words that wrap to fewer lines must not move
// what the player taps next.
function holdPromptHeight(v) {
  const p = $('prompt');
  const key = v.legal.length ? [v.decision, v.playing || 0].join(':') : '';
  if (key !== promptHold.key) promptHold = {key, height: 0};
  p.style.minHeight = '';
  if (!key) return;
  promptHold.height = Math.max(promptHold.height, p.offsetHeight);
  p.style.minHeight = promptHold.height + 'px';
}

// promptContext gathers the words of the moment the prompts of PROMPTS are made of.
function promptContext(v) {
  const kinds = new Set(st.moves.map((d) => d.move.kind));
  const pr = v.progress || {};
  const left = pr.left || 0;
  const playing = v.playing ? catalogue[v.playing] : null;
  let due = '';
  if (pr.due) due = COLORS.filter((c) => pr.due[c]).map((c) => say('page.cost-part', {n: pr.due[c], color: hue(c)})).join(' + ');
  return {
    kinds, left, due, round: v.round, edition: v.config.edition,
    other: pr.pay_to >= 0 ? who(pr.pay_to) : say('page.other-player'),
    playing: playing ? cardName(playing.card) : '',
    law: !!playing && playing.kind === 'law',
    endowment: kinds.has('tuck-under'),
    succession: v.decision === 'place' && v.playing === 65,
    closed: v.decision === 'place' && offeredPlaces(v).closed.length > 0,
  };
}

// promptWords tells the decision the player must make now, with how many of a run of choices are
// left: "Take 3 gems from the reserve, one at a time".
function promptWords(v) {
  const p = PROMPTS[v.decision];
  return p ? p.ask(promptContext(v)) : v.decision;
}

// promptNote tells what to tap or click for the decision, and what the decision's words leave to
// the rules.
function promptNote(v) {
  const p = PROMPTS[v.decision];
  return p ? p.how(promptContext(v)) : '';
}

// moveWords tells a revealed or chosen move with its player: "you bid blue", "player 1 plays ...".
function moveWords(p, m) {
  const known = ['bid', 'attack', 'pass', 'play', 'discard', 'claim', 'keep-in-pyramid', 'keep-in-hand'].includes(m.kind);
  const args = {player: WORDS.player(p + 1), color: m.color ? hue(m.color) : '', card: m.card ? cardName(m.card) : ''};
  if (!known) args.move = 'move.' + m.kind in T.words ? say('move.' + m.kind, args) : m.kind;
  return say('page.move-words.' + (known ? m.kind : 'other') + (p === st.view.player ? '.you' : ''), args);
}

function cardName(id) { const c = catalogue[id]; return c ? `${id} ${c.name}` : String(id); }
function cardLabel(id) { return el('span', {class: 'card-label', text: cardName(id)}); }

function gem(color, count, key, label) {
  // A gem a tap just took shows it took, as the page draws the new count.
  const just = picked && key && picked.key === key && Date.now() - picked.at < 2000 ? ' just-picked' : '';
  return el('span', {class: 'gem ' + color + just, 'data-key': key, 'data-color': color, title: label || say('page.gem-count', {n: count, color: hue(color)})},
    el('span', {class: 'stone'}), el('span', {class: 'count', text: String(count)}));
}

function gems(g, prefix, label) {
  return el('span', {class: 'gems'}, ...COLORS.map((c) => gem(c, g[c] || 0, prefix ? prefix + ':' + c : undefined, label ? colon(label) + say('page.gem-count', {n: g[c] || 0, color: hue(c)}) : undefined)));
}

function drawAuction(v) {
  if (v.auction.every(([base, tip]) => !base && !tip)) {
    return el('div', {}, el('h2', {}, say('page.auction'), helpLink('how', say('page.auction-help'))),
      el('p', {class: 'none', text: say('page.auction-empty')}));
  }
  const box = el('div', {class: 'auction'});
  COLORS.forEach((c, i) => {
    const [base, tip] = v.auction[i];
    const col = el('div', {class: 'arrow ' + c},
      el('div', {class: 'arrow-head', 'data-key': 'auction:' + c, text: colorWord(c)}),
      el('div', {class: 'slot'}, el('span', {class: 'slot-name', text: say('page.slot.base')}), base ? cardSVG(base, {small: true}) : el('div', {class: 'empty-card'})),
      el('div', {class: 'slot'}, el('span', {class: 'slot-name', text: say('page.slot.tip')}), tip ? cardSVG(tip, {small: true}) : el('div', {class: 'empty-card'})));
    for (const vv of v.virtual || []) if (vv.bid === c) col.firstChild.append(el('span', {class: 'virtual-bid', text: say('page.virtual-bid')}));
    box.append(col);
  });
  // Once the auction phase is over, the cards already lie for the next turn's auction (RULES.md 6).
  const next = v.phase === 'development' && v.turn < 12
    ? el('p', {class: 'next-auction', text: say('page.next-auction')}) : null;
  return el('div', {}, el('h2', {}, say('page.auction'), helpLink('how', say('page.auction-help'))), next, box, readNote());
}

// readNote says how to read any card in words, below the auction: a card's icons are small on a
// phone.
function readNote() {
  return el('p', {class: 'read-note', text: say(touchScreen() ? 'page.read-note.touch' : 'page.read-note.mouse')});
}

function helpLink(section, label) {
  return el('button', {class: 'help-link', type: 'button', title: label, 'aria-label': label, text: '?', onclick: () => openHelp(section)});
}

function drawSupply(v) {
  const decks = el('div', {class: 'decks'},
    el('div', {class: 'deck large', text: say('page.deck.large', {n: v.decks.large})}),
    el('div', {class: 'deck small', 'data-key': 'deck:small', text: say('page.deck.small', {n: v.decks.small})}),
    el('div', {class: 'deck law', 'data-key': 'deck:law', text: say('page.deck.laws', {n: v.decks.laws})}));
  const parts = [el('h2', {text: say('page.reserve')}), gems(v.reserve, 'reserve', say('page.in-reserve')), decks];
  if (v.virtual && v.virtual.length) {
    parts.push(el('div', {class: 'virtual', text: v.virtual.map((vv, i) =>
      say(vv.in_auction ? 'page.virtual.in' : 'page.virtual.out', {n: i + 1}) + (vv.bid ? say('page.virtual.bid', {color: hue(vv.bid)}) : '')).join(' · ')}));
  }
  if (v.laws_known && v.laws_known.length) parts.push(el('div', {text: say('page.laws-known', {cards: v.laws_known.map(cardName).join(comma())})}));
  return el('div', {}, ...parts);
}

function drawMe(v) {
  const mine = v.players[v.player];
  const out = [];
  const head = el('div', {class: 'player-head'},
    el('h2', {text: WORDS.youAre(v.player + 1)}),
    el('span', {class: 'screen'}, say('page.screen'), gems(v.screen, 'screen', say('page.behind-screen'))),
    el('span', {class: 'attacks', 'data-key': 'attack', title: say('page.attacks-title'), text: say('page.attacks-mine', {n: mine ? mine.attacks : 0})}),
    onCards(mine.tableau, 'attack') ? el('span', {class: 'attacks-on-cards', title: WORDS.attacksHeld(), text: WORDS.attacksOnCards(onCards(mine.tableau, 'attack'))}) : null);
  out.push(head);
  const hand = el('div', {class: 'hand'});
  const chosen = new Map((v.chosen || []).map((m) => [m.card, m.kind]));
  for (const id of v.dealt || []) {
    const tag = chosen.get(id) === 'keep-in-pyramid' ? 'page.tag.pyramid' : chosen.get(id) === 'keep-in-hand' ? 'page.tag.hand' : 'page.tag.dealt';
    hand.append(el('div', {class: 'hand-card dealt'}, cardSVG(id, {}), el('div', {class: 'tag', text: say(tag)})));
  }
  for (const id of v.hand) hand.append(el('div', {class: 'hand-card'}, cardSVG(id, {})));
  if (v.playing && !v.hand.includes(v.playing) && !v.players.some((q) => q.tableau.cards.some((c) => c.card === v.playing))) {
    hand.append(el('div', {class: 'hand-card playing'}, cardSVG(v.playing, {}), el('div', {class: 'tag', text: say('page.tag.resolving')})));
  }
  if (!hand.children.length) hand.append(el('div', {class: 'none', text: say('page.hand-empty')}));
  out.push(el('h3', {text: say('page.hand')}), hand);
  const {legal, closed} = offeredPlaces(v);
  out.push(el('h3', {text: say('page.your-pyramid')}), pyramidSVG(mine.tableau, {places: legal, closed, mine: true, player: v.player}));
  return out;
}

function drawOther(v, p) {
  const known = COLORS.filter((c) => p.screen[c]).map((c) => say('page.gem-count', {n: p.screen[c], color: hue(c)}));
  if (p.unknown) known.push(say('page.unknown', {n: p.unknown}));
  const flags = [];
  if (p.in_auction) flags.push(say('page.flag.in-auction'));
  if (p.active) flags.push(say('page.flag.developing'));
  const box = el('div', {class: 'other', 'data-player': String(p.player)},
    el('div', {class: 'player-head'},
      el('h2', {text: capital(who(p.player))}),
      el('span', {class: 'hand-size', text: say('page.hand-size', {n: p.hand_size}) + (p.hand_laws ? say('page.hand-laws', {n: p.hand_laws}) : '')}),
      el('span', {class: 'gem-count', text: known.length ? colon(say('page.gems-held', {n: p.gems})) + known.join(comma()) : say('page.gems-held', {n: p.gems})}),
      el('span', {class: 'attacks', title: WORDS.attacksHeld(), text: `⚔ ${attacksHeld(p)}`}),
      flags.length ? el('span', {class: 'flags', text: flags.join(comma())}) : null),
    p.hand.length ? el('div', {class: 'known-hand', text: say('page.known-hand', {cards: p.hand.map(cardName).join(comma())})}) : null,
    pyramidSVG(p.tableau, {player: p.player}));
  return box;
}

// onCards counts the tokens of kind on the cards of a tableau.
function onCards(tableau, kind) {
  return (tableau.cards || []).flatMap((c) => c.tokens || []).filter((t) => t.kind === kind).length;
}

// attacksHeld counts the attack tokens player view p holds: behind the screen and on the cards of
// the pyramid (71 Levy's, 77 Conscription's), which all count at the end.
function attacksHeld(p) { return p.attacks + onCards(p.tableau, 'attack'); }

// sheetTable draws score sheets side by side, a row a category; a cell names its player and
// category (data-player, data-category).
function sheetTable(v, sheets, id) {
  const short = (p) => p === v.player ? WORDS.you() : say('page.short-player', {n: p + 1});
  const head = el('tr', {}, el('th', {text: WORDS.category()}), ...sheets.map((s) => el('th', {title: who(s.player), text: short(s.player)})));
  const rows = CATEGORIES.map((key) => el('tr', {class: key === 'total' ? 'total' : ''}, el('th', {text: say('page.category.' + key)}),
    ...sheets.map((s) => el('td', {'data-player': String(s.player), 'data-category': key, text: String(s[key])}))));
  return el('div', {class: 'sheet-box'}, el('table', {id, class: 'sheet'}, el('thead', {}, head), el('tbody', {}, ...rows)));
}

// whyWords gathers, for the player, what explains an empty category or the attacks' points.
function whyWords(v, sheet) {
  const mine = v.players[v.player];
  const t = mine.tableau;
  const others = v.players.filter((q) => q.player !== v.player).reduce((n, q) => n + attacksHeld(q), 0);
  return {
    circles: (t.cards || []).filter((c) => c.at.level > 1).length,
    laws: (t.cards || []).filter((c) => catalogue[c.card] && catalogue[c.card].kind === 'law').length,
    magic: onCards(t, 'magic'), bonus: onCards(t, 'magic-bonus'), defense: onCards(t, 'defense'), science: onCards(t, 'science'),
    attacks: others, sheet,
  };
}

// whyList says why each of the player's categories is empty, and what the attacks cost.
function whyList(v, sheet) {
  const w = whyWords(v, sheet);
  const items = [];
  for (const key of CATEGORIES) {
    if (key === 'total' || !WORDS.why[key]) continue;
    if (key === 'attacks' ? sheet.attacks === 0 : sheet[key] !== 0) continue;
    items.push(el('li', {'data-category': key}, el('b', {text: colon(say('page.category.' + key))}), WORDS.why[key](w)));
  }
  return items.length ? el('div', {class: 'sheet-why-box'}, el('p', {class: 'why-title', text: WORDS.whyTitle()}), el('ul', {class: 'sheet-why'}, ...items)) : null;
}

// drawStanding shows, while the game goes on, each player's sheet if the game ended now (the
// server's View.ScoresNow, from what the seat may know), and warns when the others' attack tokens
// outnumber the player's defense.
function drawStanding(v) {
  const box = $('standing');
  const sheets = st.scores_now || [];
  if (v.over || !sheets.length) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const mine = sheets.find((s) => s.player === v.player);
  const w = whyWords(v, mine);
  const beyond = w.attacks - w.defense;
  box.replaceChildren(...[el('h2', {text: WORDS.standing()}),
    beyond > 0 ? el('p', {class: 'attack-warning', role: 'status', text: WORDS.attackWarning(beyond, '−' + 4 * beyond)}) : null,
    sheetTable(v, sheets, 'standing-sheet'), el('p', {class: 'note', text: WORDS.standingNote()})].filter(Boolean));
}

function drawScores(v) {
  const box = $('scores');
  if (!v.over || !v.scores) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const best = Math.max(...v.scores.map((s) => s.total));
  const winners = v.scores.filter((s) => s.total === best).map((s) => who(s.player));
  const verdict = v.config.players === 1 ? say('page.solo') : say('page.won-by', {n: winners.length, players: listAnd(winners)});
  const again = {players: v.config.players, virtual: v.config.virtual, edition: v.config.edition,
    seats: st.seats.map((s, p) => p === v.player ? 'person' : s.kind)};
  // The player's own seat comes first in a new game: the server gives the first person's seat.
  again.seats.sort((a, b) => Number(b === 'person') - Number(a === 'person'));
  box.replaceChildren(el('h2', {text: say('page.score-sheet')}),
    sheetTable(v, v.scores, 'score-sheet'),
    el('p', {class: 'verdict', text: verdict}),
    whyList(v, v.scores.find((s) => s.player === v.player)) || '',
    el('p', {class: 'end-actions'},
      el('button', {id: 'play-again', type: 'button', text: say('page.play-again'), onclick: () => newGame(again).catch((e) => { $('hint').textContent = e.message; })}),
      el('a', {class: 'button', href: '#', id: 'new-game-link', text: say('page.new-game')}),
      el('a', {href: `/api/games/${me.game}/record`, text: say('page.record')})));
}

function drawLog() {
  const list = $('log');
  const panel = $('log-panel');
  const atEnd = panel.scrollTop + panel.clientHeight >= panel.scrollHeight - 30;
  let same = 0;
  const shown = list.children;
  while (same < shown.length && same < lines.length && shown[same].dataset.from === String(lines[same].from) &&
    shown[same].textContent === lines[same].text) same++;
  while (shown.length > same) list.lastChild.remove();
  for (let i = same; i < lines.length; i++) {
    // A turn's or a phase's header stands out; the choices revealed with its first round do not.
    const text = lines[i].text, cut = text.toLowerCase().indexOf(' · ' + revealedWord());
    const li = el('li', {class: 'event ev-' + lines[i].kind, 'data-from': String(lines[i].from)});
    if (cut > 0 && (lines[i].kind === 'turn' || lines[i].kind === 'phase')) li.append(text.slice(0, cut), el('span', {class: 'rest', text: text.slice(cut)}));
    else li.textContent = text;
    list.append(li);
  }
  document.body.dataset.logLines = String(lines.length);
  if (atEnd || same < shown.length) panel.scrollTop = panel.scrollHeight;
}

// ---- Help: how to play, the icons, every card ----

function openHelp(section) {
  const dlg = $('help');
  if (!$('card-list').children.length) drawCardList();
  if (!dlg.open) dlg.showModal();
  const target = document.getElementById('help-' + section);
  if (target) dlg.scrollTop = target.offsetTop - dlg.querySelector('.help-head').offsetHeight;
}

// drawCardList writes every card of the catalogue with its face and its full text.
function drawCardList() {
  const list = $('card-list');
  for (const c of Object.values(catalogue)) {
    list.append(el('li', {class: 'card-entry', 'data-card-entry': String(c.card)}, cardSVG(c.card, {small: true}), cardDetails(c.card)));
  }
}

// ---- Cards and pyramids in SVG ----

// The icons of rewards and tokens, as characters. A card (the reward of a card from a deck) is
// drawn instead (cardIcon): no character looks like a card in every font, and the likeliest ones
// look like a character the font lacks.
const ICONS = {gems: '◆', points: '★', science: '⚗', magic: '✦', defense: '♜', attack: '⚔',
  infinite: '∞', 'magic-bonus': '✦+', 'circle-bonus': '◯+'};
const CARD_SLOT = '\u2002\u2009'; // the room a drawn card icon takes in a row of icons

// rewardWords tells a row's reward in full, in the library's words (reward.<kind>): "an attack
// token behind your screen, 2 gems of your choice and a 2-point token".
function rewardWords(items) {
  return listAnd(items.map((r) => {
    const n = r.amount || 1, args = {n, color: r.color ? hue(r.color) : ''};
    // English says "an 8-point token": the page's own phrase for the numbers read with a vowel.
    if (r.kind === 'points' && [8, 11, 18].includes(n) && 'page.reward.points.an' in T.page) return say('page.reward.points.an', args);
    return 'reward.' + r.kind in T.words ? say('reward.' + r.kind, args) : r.kind;
  }));
}

// rewardIcons writes a row's reward in icons into an SVG text: "⚔ 2◆ 2★"; a colour is the
// icon's own colour.
function rewardIcons(text, items) {
  items.forEach((r, i) => {
    const n = r.amount || 1;
    const count = (r.kind === 'points' || r.kind === 'gems' || r.kind === 'cards' || n > 1) && !r.kind.endsWith('bonus') ? String(n) : '';
    if (i) text.append(svg('tspan', {text: ' '}));
    if (count) text.append(svg('tspan', {text: count}));
    if (r.kind === 'cards') text.append(svg('tspan', {class: 'card-slot', text: CARD_SLOT}));
    else text.append(svg('tspan', {text: ICONS[r.kind] || r.kind, fill: r.color ? PAINT[r.color] : null, class: r.color ? 'colored' : null}));
    if (r.kind.endsWith('bonus')) text.append(svg('tspan', {text: String(n)}));
  });
  return text;
}

// rewardRow fits a text of reward icons (rewardIcons) into width units and draws a card icon in
// the room each card reward keeps: it returns a group of the text and its icons.
function rewardRow(t, width) {
  const m = measure(t);
  fit(t, width);
  if (!m.slots.length) return t;
  const scale = m.width > width ? width / m.width : 1;
  const x = Number(t.getAttribute('x')), y = Number(t.getAttribute('y'));
  const start = x - m.anchor * m.width * scale;
  const g = svg('g', {class: 'reward-row'}, t);
  for (const [a, b] of m.slots) g.append(cardIcon(start + a * scale, start + b * scale, y, m.size));
  return g;
}

// cardIcon draws a small card between x0 and x1, standing on the baseline y of text of font size
// size: the back of a card of the small deck, a second card peeking behind it.
function cardIcon(x0, x1, y, size) {
  const h = size * 0.78, w = Math.min(x1 - x0 - size * 0.08, h * 0.7);
  const x = (x0 + x1) / 2 - w / 2, top = y - h + size * 0.04;
  return svg('g', {class: 'card-icon'},
    svg('rect', {x: x + w * 0.28, y: top - h * 0.12, width: w, height: h, rx: w * 0.16, class: 'card-icon-back'}),
    svg('rect', {x, y: top, width: w, height: h, rx: w * 0.16, class: 'card-icon-front'}),
    svg('rect', {x: x + w * 0.22, y: top + h * 0.18, width: w * 0.56, height: h * 0.64, rx: w * 0.08, class: 'card-icon-inner'}));
}

// levelCost returns the gems that playing card c at level L costs, by colour.
function levelCost(c, level) {
  const cost = c.rows.slice(0, Math.min(level, 4)).map((r) => r.cost);
  if (level === 5) cost.push(c.rows[3].cost);
  return cost;
}

function costWords(cost) {
  const by = {};
  for (const c of cost) by[c] = (by[c] || 0) + 1;
  return COLORS.filter((c) => by[c]).map((c) => say('page.cost-part', {n: by[c], color: hue(c)})).join(' + ');
}

// levelWords tells what playing card c at level L costs and gives.
function levelWords(c, level) {
  const gives = level === 5 ? say('page.level5-gives') : rewardWords(c.rows[level - 1].reward);
  return say('page.level-words', {level, cost: costWords(levelCost(c, level)), gives});
}

// cardDetails writes a card's full text: its name, and its cost and reward at every level, or the
// law's text.
function cardDetails(id) {
  const c = catalogue[id];
  const box = el('div', {class: 'card-details', 'data-card-text': String(id)});
  box.append(el('div', {class: 'card-title', text: `${c.card} ${c.name}` + (c.kind === 'law' ? say('page.law-title', {when: whenWords(c.when)}) : '')}));
  if (c.kind === 'law') {
    box.append(el('p', {class: 'law-full', text: c.text}), el('p', {class: 'card-note', text: say('page.law-note')}));
    return box;
  }
  const rows = el('ol', {class: 'levels'});
  for (let level = 1; level <= 5; level++) {
    rows.append(el('li', {'data-level': String(level)}, el('span', {class: 'cost-dots'},
      ...levelCost(c, level).map((col) => el('span', {class: 'dot ' + col, title: colorWord(col)}))), ' ' + capital(levelWords(c, level))));
  }
  box.append(rows);
  return box;
}

// sectors draws a card's four sectors at (x, y).
function sectors(c, x, y, painted) {
  const s = c.sectors, g = svg('g', {class: 'sectors'});
  const cx = x + W / 2, yb = y + H;
  g.append(
    svg('path', {d: `M${x},${y} L${x + R},${y} A${R},${R} 0 0 1 ${x},${y + R} Z`, fill: PAINT[s.top_left], class: 'sector'}),
    svg('path', {d: `M${x + W},${y} L${x + W},${y + R} A${R},${R} 0 0 1 ${x + W - R},${y} Z`, fill: PAINT[s.top_right], class: 'sector'}),
    svg('path', {d: `M${cx},${yb} L${cx - R},${yb} A${R},${R} 0 0 1 ${cx},${yb - R} Z`, fill: PAINT[painted || s.bottom_left], class: 'sector'}),
    svg('path', {d: `M${cx},${yb} L${cx},${yb - R} A${R},${R} 0 0 1 ${cx + R},${yb} Z`, fill: PAINT[painted || s.bottom_right], class: 'sector'}));
  return g;
}

// cardFace draws card id at (x, y) with what lies on it (held: the tableau's entry, if any).
function cardFace(id, x, y, held) {
  const c = catalogue[id];
  const g = svg('g', {class: 'card' + (c.kind === 'law' ? ' law' : ''), 'data-card': String(id), 'data-key': 'card:' + id});
  g.append(svg('rect', {x, y, width: W, height: H, rx: 7, class: 'card-body'}));
  g.append(sectors(c, x, y, null));
  g.append(svg('text', {x: x + W / 2, y: y + 16, class: 'card-number', text: String(id)}));
  g.append(fit(svg('text', {x: x + W / 2, y: y + 33, class: 'card-name', text: c.name}), W - 8));
  if (c.kind === 'law') {
    g.append(fit(svg('text', {x: x + W / 2, y: y + 68, class: 'law-when', text: say('page.law-when', {when: whenWords(c.when)})}), W - 8));
    // The first words of the law, large enough to read on a phone; the whole text is a tap away.
    const all = wrap(c.text, 14);
    const shown = all.slice(0, 4);
    if (all.length > 4) shown[3] = shown[3].replace(/\s*\S*$/, '') + ' …';
    shown.forEach((line, i) => g.append(fit(svg('text', {x: x + W / 2, y: y + 86 + i * 16, class: 'law-text', text: line}), W - 8)));
  } else {
    // The rows of rewards, level 1 at the bottom, as large as the card leaves room for: on a
    // phone a card of the auction is some 80 pixels wide.
    c.rows.forEach((row, i) => {
      const ry = y + H - 28 - i * 19;
      g.append(svg('circle', {cx: x + 9, cy: ry - 5, r: 6, fill: PAINT[row.cost], class: 'cost'}));
      const t = svg('text', {x: x + 17, y: ry, class: 'row'}, svg('tspan', {class: 'row-level', text: `${i + 1} `}));
      rewardIcons(t, row.reward);
      g.append(rewardRow(t, W - 20));
    });
  }
  if (held) decorate(g, held, x, y);
  g.append(svg('title', {text: cardTitle(c)}));
  return g;
}

let measurer = null;     // an SVG out of sight where texts are measured
const measured = new Map(); // a text's class and words -> its measure

// measure lays SVG text t out of sight and returns its width, its font size, where its anchor
// lies (0 at its start, 0.5 in its middle) and the room of each card icon it keeps (from its
// start), all in its own units.
function measure(t) {
  const key = t.getAttribute('class') + '|' + t.innerHTML;
  let m = measured.get(key);
  if (m === undefined) {
    if (!measurer) {
      measurer = svg('svg', {class: 'measurer', 'aria-hidden': 'true'});
      document.body.append(measurer);
    }
    const copy = t.cloneNode(true);
    measurer.append(copy);
    const style = getComputedStyle(copy);
    m = {width: copy.getComputedTextLength(), size: parseFloat(style.fontSize), slots: [],
      anchor: style.textAnchor === 'middle' ? 0.5 : style.textAnchor === 'end' ? 1 : 0};
    let at = 0;
    for (const span of copy.querySelectorAll('tspan')) {
      const n = span.textContent.length;
      if (span.classList.contains('card-slot') && n) {
        const x0 = copy.getStartPositionOfChar(0).x;
        m.slots.push([copy.getStartPositionOfChar(at).x - x0, copy.getEndPositionOfChar(at + n - 1).x - x0]);
      }
      at += n;
    }
    copy.remove();
    measured.set(key, m);
  }
  return m;
}

// fit squeezes SVG text t into width units if its words are wider, so that nothing on a card is
// ever cut or drawn over its edge; it returns t.
function fit(t, width) {
  const w = measure(t).width;
  if (w > width) {
    t.setAttribute('textLength', String(width));
    t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
  return t;
}

function cardTitle(c) {
  if (c.kind === 'law') return say('page.law-card-title', {card: `${c.card} ${c.name}`, when: whenWords(c.when), text: c.text});
  return colon(`${c.card} ${c.name}`) + [1, 2, 3, 4].map((level) => levelWords(c, level)).join('; ');
}

function wrap(text, width) {
  const lines = [];
  let line = '';
  // A mark that French writes after a space (" : ", " ; ") stays with the word before it.
  for (const word of text.replace(/ ([:;!?»])/g, '\u00a0$1').split(' ')) {
    if ((line + ' ' + word).trim().length > width) { lines.push(line); line = word; } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

function tokenWords(t) {
  switch (t.kind) {
    case 'points': return `${t.value}★`;
    case 'magic-bonus': return `✦+${t.value}`;
    case 'circle-bonus': return `◯+${t.value}`;
    default: return ICONS[t.kind] || t.kind;
  }
}

// decorate draws what lies on a card of a pyramid: tokens, its infinite gem, parked gems.
function decorate(g, held, x, y) {
  const marks = [];
  for (const t of held.tokens || []) marks.push({text: tokenWords(t), color: t.color, cls: 'token ' + t.kind});
  let mx = x + 6;
  const my = y + 48;
  // The tokens as large as the band leaves room for (readable on a phone), smaller when many.
  const room = W - 12 - (held.infinite ? 22 : 0);
  const big = marks.reduce((sum, m) => sum + 9 + m.text.length * 8.2 + 3, 0) <= room;
  const [per, pad, h, cls] = big ? [8.2, 9, 17, 'token-text'] : [7, 8, 15, 'token-text small'];
  for (const m of marks) {
    const w = pad + m.text.length * per;
    g.append(svg('rect', {x: mx, y: my - h + 4, width: w, height: h, rx: h / 2, class: m.cls, fill: m.color ? PAINT[m.color] : null}));
    g.append(svg('text', {x: mx + w / 2, y: my, class: cls, text: m.text}));
    mx += w + 3;
  }
  if (held.infinite) {
    const ix = x + W - 14, iy = y + 44;
    g.append(svg('path', {d: `M${ix},${iy - 10} L${ix + 9},${iy} L${ix},${iy + 10} L${ix - 9},${iy} Z`, fill: PAINT[held.infinite], class: 'infinite'}));
    g.append(svg('text', {x: ix, y: iy + 4, class: 'infinite-mark', text: '∞'}));
  }
  if (held.parked) { // in the band of the tokens, after them
    let px = mx + 5;
    for (const c of COLORS) {
      for (let i = 0; i < (held.parked[c] || 0); i++) {
        g.append(svg('circle', {cx: px, cy: my - 4, r: 5, fill: PAINT[c], class: 'parked'}));
        px += 11;
      }
    }
  }
}

// cardSVG draws one card on its own.
function cardSVG(id, opts) {
  const s = svg('svg', {viewBox: `-2 -2 ${W + 4} ${H + 4}`, class: 'card-svg' + (opts.small ? ' small' : '')});
  s.append(cardFace(id, 0, 0, null));
  return s;
}

// pyramidSVG draws a tableau in a box of its own: the cards where they stand (level 1 at the
// bottom, each upper card on two below, so that the sectors of neighbours close the circles), the
// circles' paint, tucked cards, and, for the player's own pyramid, the places a card may go, each
// with what it would cost and give. scalePyramids sizes it.
function pyramidSVG(tableau, opts) {
  const cards = tableau.cards || [];
  const places = opts.places || [], closed = opts.closed || [];
  const spots = cards.map((c) => c.at).concat(places, closed);
  const left = (at) => (at.col + (at.level - 1) / 2) * W;
  let minX = 0, maxX = W, top = 1;
  if (spots.length) {
    minX = Math.min(...spots.map(left));
    maxX = Math.max(...spots.map((a) => left(a) + W));
    top = Math.max(...spots.map((a) => a.level));
  }
  const yOf = (level) => (top - level) * H;
  const height = top * H + 24;
  const units = maxX - minX + 8;
  const s = svg('svg', {viewBox: `${minX - 4} -6 ${units} ${height + 10}`, class: 'pyramid' + (opts.mine ? ' mine' : ''),
    'data-player': String(opts.player), 'data-units': String(units), 'data-height': String(height + 10)});
  const box = el('div', {class: 'pyramid-box'}, s);
  if (!spots.length) {
    s.setAttribute('viewBox', `${minX - 4} 0 ${units} 30`);
    s.dataset.height = '30';
    s.append(svg('text', {x: W / 2, y: 18, class: 'empty-pyramid', text: say('page.no-cards-yet')}));
    return box;
  }
  for (const c of cards) s.append(cardFace(c.card, left(c.at), yOf(c.at.level), c));
  // The circles: each card above level 1 closes one; painted ones show their paint whole.
  const byPlace = new Map(cards.map((c) => [`${c.at.level}:${c.at.col}`, c]));
  for (const c of cards) {
    if (c.at.level < 2) continue;
    const cx = left(c.at) + W / 2, cy = yOf(c.at.level) + H;
    const ring = svg('g', {class: 'circle', 'data-key': opts.mine ? `circle:${c.at.level}:${c.at.col}` : null});
    if (c.painted) ring.append(svg('circle', {cx, cy, r: R, fill: PAINT[c.painted], class: 'painted'}));
    ring.append(svg('circle', {cx, cy, r: R, class: single(c, byPlace) || c.painted ? 'ring whole' : 'ring'}));
    if (c.painted) ring.append(fit(svg('text', {x: cx, y: cy + 4, class: 'paint-mark', text: say('page.painted')}), 2 * R - 4));
    s.append(ring);
  }
  for (const t of tableau.tucked || []) {
    const host = byPlace.get([...byPlace.keys()].find((k) => byPlace.get(k).card === t.under));
    if (!host) continue;
    const x = left(host.at), y = yOf(host.at.level);
    const tab = svg('g', {class: 'tucked', 'data-card': String(t.card), 'data-key': 'card:' + t.card});
    tab.append(svg('rect', {x: x + 2, y: y + H - 17, width: 25, height: 14, rx: 3}));
    tab.append(svg('text', {x: x + 14.5, y: y + H - 6, text: '⤓' + t.card}));
    tab.append(svg('title', {text: say('page.tucked-under', {card: cardName(t.card), host: cardName(t.under)})}));
    s.append(tab);
  }
  const playing = st && st.view.playing ? catalogue[st.view.playing] : null;
  for (const at of places) s.append(placeBox(at, left(at), yOf(at.level), playing, byPlace, false));
  for (const at of closed) s.append(placeBox(at, left(at), yOf(at.level), playing, byPlace, true));
  return box;
}

// placeBox draws an open place at (x, y) for card playing: its level, what it costs and gives, and
// the circle of one colour it would close, if it would. A closed place (one the player cannot pay
// for) is greyed, and says so; it takes no click.
function placeBox(at, x, y, playing, byPlace, closed) {
  const g = svg('g', {class: 'place' + (closed ? ' closed' : ''), 'data-key': closed ? null : `place:${at.level}:${at.col}`,
      'data-place': `${at.level}:${at.col}`, 'data-level': String(at.level)},
    svg('rect', {x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 7}),
    fit(svg('text', {x: x + W / 2, y: y + 30, class: 'place-level', text: say('page.place.level', {level: at.level})}), W - 10));
  if (playing && playing.kind !== 'law') {
    const cost = levelCost(playing, at.level);
    g.append(fit(svg('text', {x: x + W / 2, y: y + 50, class: 'place-note', text: say('page.place.costs')}), W - 10));
    cost.forEach((col, i) => g.append(svg('circle', {cx: x + W / 2 + (i - (cost.length - 1) / 2) * 13, cy: y + 61, r: 5.5, fill: PAINT[col], class: 'cost'})));
    g.append(fit(svg('text', {x: x + W / 2, y: y + 84, class: 'place-note', text: say('page.place.gives')}), W - 10));
    const t = svg('text', {x: x + W / 2, y: y + 101, class: 'place-reward'});
    if (at.level === 5) t.textContent = say('page.place.rows5');
    else rewardIcons(t, playing.rows[at.level - 1].reward);
    g.append(rewardRow(t, W - 14));
  } else if (playing) {
    g.append(fit(svg('text', {x: x + W / 2, y: y + 64, class: 'place-note', text: say('page.place.law-free')}), W - 10));
  }
  // Above level 1, the half of the circle the card would bring, over the half the cards below
  // show: a circle of one colour rings gold, and says what it gives.
  const col = playing ? closesCircle(at, playing, byPlace) : '';
  if (playing && at.level > 1) {
    const cx = x + W / 2, yb = y + H;
    g.append(svg('g', {class: 'place-half'},
      svg('path', {d: `M${cx},${yb} L${cx - R},${yb} A${R},${R} 0 0 1 ${cx},${yb - R} Z`, fill: PAINT[playing.sectors.bottom_left], class: 'sector'}),
      svg('path', {d: `M${cx},${yb} L${cx},${yb - R} A${R},${R} 0 0 1 ${cx + R},${yb} Z`, fill: PAINT[playing.sectors.bottom_right], class: 'sector'})));
    if (col) g.append(svg('circle', {cx, cy: yb, r: R, class: 'ring whole place-ring'}));
  }
  if (closed) {
    g.append(fit(svg('text', {x: x + W / 2, y: y + 119, class: 'place-closed', text: say('page.place.cannot-pay')}), W - 10));
  } else if (col) {
    g.append(fit(svg('text', {x: x + W / 2, y: y + 119, class: 'place-circle', 'data-circle': col, text: say('page.place.circle', {color: hue(col)})}), W - 10));
  }
  g.append(svg('title', {text: closed ? say('page.place.closed-title', {level: at.level})
    : col ? say('page.place.circle-title', {color: hue(col), level: at.level}) : say('page.place.level', {level: at.level})}));
  return g;
}

// closesCircle returns the colour of the circle card c would close at place at if it is of one
// colour (RULES.md 8.2: the top-right sector of the card below left, the top-left one of the card
// below right, and the card's own bottom two), or '' if it would close none of one colour.
function closesCircle(at, c, byPlace) {
  if (at.level < 2) return '';
  const bl = byPlace.get(`${at.level - 1}:${at.col}`), br = byPlace.get(`${at.level - 1}:${at.col + 1}`);
  if (!bl || !br) return '';
  const four = [catalogue[bl.card].sectors.top_right, catalogue[br.card].sectors.top_left, c.sectors.bottom_left, c.sectors.bottom_right];
  return four.every((x) => x === four[0]) ? four[0] : '';
}

// openPlaces lists where a new card may stand in a pyramid by the rules of placing alone (RULES.md
// 8.1), whatever it costs: next to the run of level 1; above, on two cards side by side and next
// to the run of its level (anywhere on two cards while the level is empty); no law on level 5.
function openPlaces(tableau, law) {
  const cards = tableau.cards || [];
  const cols = (l) => cards.filter((c) => c.at.level === l).map((c) => c.at.col);
  const row1 = cols(1);
  if (!row1.length) return [{level: 1, col: 0}];
  const out = [{level: 1, col: Math.min(...row1) - 1}, {level: 1, col: Math.max(...row1) + 1}];
  for (let l = 2; l <= (law ? 4 : 5); l++) {
    const below = cols(l - 1);
    if (below.length < 2) break;
    const lo = Math.min(...below), hi = Math.max(...below) - 1; // the columns on two cards
    const row = cols(l);
    if (!row.length) {
      for (let x = lo; x <= hi; x++) out.push({level: l, col: x});
      continue;
    }
    for (const x of [Math.min(...row) - 1, Math.max(...row) + 1]) if (x >= lo && x <= hi) out.push({level: l, col: x});
  }
  return out;
}

// offeredPlaces returns, while the player places a card, the places offered (legal) and the open
// places not offered (closed): those the player cannot pay for.
function offeredPlaces(v) {
  const legal = st.moves.filter((d) => d.move.kind === 'place').map((d) => d.move.at);
  const c = v.playing ? catalogue[v.playing] : null;
  if (v.decision !== 'place' || !legal.length || !c) return {legal, closed: []};
  const tableau = v.players[v.player].tableau;
  const taken = new Set((tableau.cards || []).map((x) => `${x.at.level}:${x.at.col}`));
  const offered = new Set(legal.map((at) => `${at.level}:${at.col}`));
  // 65 Succession takes the place of a card: its places are not open ones.
  if ([...offered].some((k) => taken.has(k))) return {legal, closed: []};
  const closed = openPlaces(tableau, c.kind === 'law').filter((at) => !offered.has(`${at.level}:${at.col}`));
  return {legal, closed};
}

// lacking returns what the player lacks to pay cost (gem colours), from the screen and the
// infinite gems of the pyramid that have not paid this turn (RULES.md 8.4): {} when nothing.
function lacking(cost) {
  const v = st.view, have = {...v.screen};
  const used = new Set((v.progress && v.progress.used) || []);
  for (const c of v.players[v.player].tableau.cards || []) if (c.infinite && !used.has(c.card)) have[c.infinite] = (have[c.infinite] || 0) + 1;
  const lack = {};
  for (const col of cost) {
    if (have[col] > 0) have[col]--;
    else lack[col] = (lack[col] || 0) + 1;
  }
  return lack;
}

// placesNote tells, in the menu of a card that may be played, where it may go in the player's
// pyramid now and what each place costs: a newcomer sees the rule of placing applied before
// choosing.
function placesNote(id) {
  const c = catalogue[id], v = st.view;
  if (id === 66) return el('p', {class: 'places-note', text: WORDS.endowmentPlace()});
  if (id === 65) return el('p', {class: 'places-note', text: WORDS.successionPlace()});
  const open = openPlaces(v.players[v.player].tableau, c.kind === 'law');
  if (c.kind === 'law') {
    const levels = [...new Set(open.map((at) => at.level))];
    return el('p', {class: 'places-note', text: say('page.places.law', {n: levels.length, levels: levels.join(comma())})});
  }
  const byLevel = new Map();
  for (const at of open) byLevel.set(at.level, (byLevel.get(at.level) || 0) + 1);
  const parts = [...byLevel.keys()].map((level) => {
    const lack = costWords(Object.entries(lacking(levelCost(c, level))).flatMap(([col, n]) => Array(n).fill(col)));
    return say(lack ? 'page.places.part.lack' : 'page.places.part', {level, cost: costWords(levelCost(c, level)), lack});
  });
  return el('p', {class: 'places-note', text: say('page.places', {parts: parts.join('; ')})});
}

// circleSectors returns the four sectors of the circle whose top card stands at at in the
// player's pyramid, as painted now: upper left and right (the top card's bottom sectors), lower
// left and right (the top-right sector of the card below left, the top-left one below right).
function circleSectors(at) {
  const cards = st.view.players[st.view.player].tableau.cards || [];
  const find = (l, x) => cards.find((c) => c.at.level === l && c.at.col === x);
  const top = find(at.level, at.col), bl = find(at.level - 1, at.col), br = find(at.level - 1, at.col + 1);
  if (!top || !bl || !br) return null;
  if (top.painted) return [top.painted, top.painted, top.painted, top.painted];
  const s = (c) => catalogue[c.card].sectors;
  return [s(top).bottom_left, s(top).bottom_right, s(bl).top_right, s(br).top_left];
}

// quarters draws a circle of radius r at (cx, cy) in four quarters of the colours given: upper
// left, upper right, lower left, lower right.
function quarters(cx, cy, r, cols) {
  const g = svg('g', {});
  const arc = [[-1, 0, 0, -1], [0, -1, 1, 0], [0, 1, -1, 0], [1, 0, 0, 1]]; // from, to, as unit offsets
  arc.forEach(([ax, ay, bx, by], i) => g.append(svg('path', {d: `M${cx},${cy} L${cx + ax * r},${cy + ay * r} A${r},${r} 0 0 1 ${cx + bx * r},${cy + by * r} Z`,
    fill: PAINT[cols[i]], class: 'sector'})));
  return g;
}

// paintWords tells paint move m with what it costs and scores: "paint the level-2 circle blue: 3
// gems; a circle of one colour scores 2 points at the end".
function paintWords(m) {
  const n = (circleSectors(m.at) || []).filter((c) => c !== m.color).length;
  return say('page.move.paint', {level: m.at.level, color: hue(m.color), n});
}

// paintPreview shows what paint move m makes of its circle: the circle now, and the circle after,
// of one colour.
function paintPreview(m) {
  const now = circleSectors(m.at) || [];
  const after = [m.color, m.color, m.color, m.color];
  return el('span', {class: 'paint-preview', 'data-before': now.join(','), 'data-after': after.join(',')},
    svgIcon(quarters(13, 13, 11, now)), ' → ', svgIcon(quarters(13, 13, 11, after)), ' ');
}

// svgIcon wraps SVG content in a small SVG of 26 units square, for a line of words.
function svgIcon(content) {
  const s = svg('svg', {viewBox: '0 0 26 26', class: 'mini-circle', 'aria-hidden': 'true'});
  s.append(content);
  return s;
}

// previewOnHover shows on a circle of the pyramid, while a mouse is over it, what its one paint
// move would make of it (with several colours, the menu a click opens shows each).
function previewOnHover(g, moves) {
  if (moves.length !== 1 || moves[0].move.kind !== 'paint') return;
  const m = moves[0].move;
  g.addEventListener('pointerenter', (ev) => {
    if (ev.pointerType !== 'mouse' || g.querySelector('.paint-ghost')) return;
    const ring = g.querySelector('.ring');
    g.append(svg('circle', {cx: ring.getAttribute('cx'), cy: ring.getAttribute('cy'), r: R, fill: PAINT[m.color], class: 'paint-ghost'}));
  });
  g.addEventListener('pointerleave', () => { for (const x of g.querySelectorAll('.paint-ghost')) x.remove(); });
}

// single reports whether the circle card c closes is of one colour, from the sectors that close it.
function single(c, byPlace) {
  const below = byPlace.get(`${c.at.level - 1}:${c.at.col}`), right = byPlace.get(`${c.at.level - 1}:${c.at.col + 1}`);
  if (!below || !right) return false;
  const s = catalogue[c.card].sectors;
  const four = [s.bottom_left, s.bottom_right, catalogue[below.card].sectors.top_right, catalogue[right.card].sectors.top_left];
  return four.every((x) => x === four[0]);
}

start().catch((e) => {
  // Without a catalogue the page has no words but the error's.
  document.body.dataset.said = T.lang;
  document.body.prepend(el('p', {class: 'error', text: 'page.cannot-start' in T.page ? say('page.cannot-start', {error: e.message}) : e.message}));
});
