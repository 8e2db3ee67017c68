// The page of the Viceroy web example. It draws the table from what its seat is sent (its player's
// view, legal moves in words, its part of the log) and the card catalogue, and makes a move when
// the player clicks what the move concerns. No build step, no framework: plain DOM and SVG.
'use strict';

const COLORS = ['blue', 'red', 'green', 'yellow'];
const PAINT = {blue: '#2f6fd6', red: '#d8413a', green: '#2e9b4f', yellow: '#eab72a'};
const CATEGORIES = [
  ['circles', 'Circles'], ['infinite_gems', 'Infinite gems'], ['laws', 'Laws'],
  ['power_points', 'Power points'], ['magic', 'Magic'], ['sets', 'Sets'], ['attacks', 'Attacks'],
  ['total', 'Total'],
];
const PROMPTS = {
  start: 'Choose your starting cards', bid: 'Bid, attack or pass', claim: 'Claim one of the two cards',
  'auction-card': 'Take a card from the auction', gem: 'Take gems from the reserve',
  deck: 'Draw a card', development: 'Play, discard or pass', place: 'Place the card in your pyramid',
  payment: 'Pay the cost', reward: 'Choose the level-5 reward', painting: 'Paint your circles',
  'law-option': "Choose the law's option", 'infinite-color': "Choose the infinite gem's colour",
  tuck: 'Choose a card to tuck', patronage: 'Tuck the card or keep it', park: 'Park gems',
  'put-back': 'Put law cards back', token: 'Choose a token to swap', gift: 'Choose a gem to give',
  duel: 'Take the tip card or stay in', 'auction-discard': 'Discard a card from the auction',
};

// Card geometry, in SVG units: a card is W wide and H high, its sectors of radius R.
const W = 100, H = 150, R = 24;

let catalogue = {};   // card number -> card
let me = null;        // {game, seat, token}
let st = null;        // the latest state
let logShown = [];    // the log's events, by number
let busy = false;     // a move is on its way
let following = 0;    // the generation of the polling loop

const $ = (id) => document.getElementById(id);

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

async function api(method, path, body) {
  const headers = {};
  if (me && me.token) headers.Authorization = 'Bearer ' + me.token;
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

async function start() {
  const [setup, cards] = await Promise.all([api('GET', '/api/setup'), api('GET', '/api/cards')]);
  for (const c of cards) catalogue[c.card] = c;
  setupForm(setup);
  window.addEventListener('hashchange', route);
  document.addEventListener('click', closeMenuOutside, true);
  route();
}

function route() {
  const game = new URLSearchParams(location.hash.slice(1)).get('game');
  following++;
  st = null; logShown = []; me = null;
  $('setup').hidden = $('join').hidden = $('table').hidden = true;
  if (!game) { showSetup(); return; }
  const held = localStorage.getItem(seatKey(game));
  if (held) { me = JSON.parse(held); showTable(); return; }
  showJoin(game);
}

function setupForm(setup) {
  const form = $('new-game');
  for (const e of setup.editions) form.edition.append(el('option', {value: e, text: e + ' edition'}));
  const seats = () => {
    const box = $('seat-kinds');
    const before = [...box.querySelectorAll('select')].map((s) => s.value);
    box.replaceChildren(el('legend', {text: 'Seats'}));
    for (let p = 0; p < Number(form.players.value); p++) {
      const pick = el('select', {name: 'seat' + p});
      pick.append(el('option', {value: 'person', text: p === 0 ? 'you' : 'a person'}));
      for (const level of setup.bot_levels) pick.append(el('option', {value: level, text: 'bot: ' + level}));
      pick.value = before[p] || (p === 0 ? 'person' : setup.bot_levels[setup.bot_levels.length - 1]);
      if (p === 0) pick.disabled = true;
      box.append(el('label', {}, 'Player ' + p + ' ', pick));
    }
  };
  // A solo game needs a virtual opponent, and the table seats four at most.
  const virtual = () => {
    const players = Number(form.players.value);
    for (const o of form.virtual.options) o.disabled = players + Number(o.value) > 4 || (players === 1 && o.value === '0');
    if (form.virtual.selectedOptions[0].disabled) form.virtual.value = players === 1 ? '1' : '0';
  };
  form.players.addEventListener('change', () => { seats(); virtual(); });
  seats();
  virtual();
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const players = Number(form.players.value);
    const body = {players, virtual: Number(form.virtual.value), edition: form.edition.value, seats: []};
    for (let p = 0; p < players; p++) body.seats.push(form['seat' + p].value);
    try {
      const j = await api('POST', '/api/games', body);
      localStorage.setItem(seatKey(j.game), JSON.stringify(j));
      location.hash = 'game=' + j.game;
    } catch (e) {
      $('setup-error').textContent = e.message;
    }
  });
}

async function showSetup() {
  $('setup').hidden = false;
  $('where').textContent = '';
  const list = $('games');
  list.replaceChildren();
  try {
    for (const g of await api('GET', '/api/games')) {
      list.append(el('li', {}, el('a', {href: '#game=' + g.game, text: g.game}), ' ' + g.summary));
    }
  } catch (e) { list.append(el('li', {text: e.message})); }
  if (!list.children.length) list.append(el('li', {text: 'none yet'}));
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
        list.append(el('li', {}, el('button', {class: 'take-seat', text: 'Sit as player ' + p, onclick: async () => {
          try {
            const j = await api('POST', `/api/games/${game}/seats/${p}`);
            localStorage.setItem(seatKey(game), JSON.stringify(j));
            route();
          } catch (e) { $('join-summary').textContent = e.message; }
        }})));
      } else {
        list.append(el('li', {text: `player ${p}: ${s.kind === 'person' ? 'a person' : 'bot ' + s.kind}`}));
      }
    });
  } catch (e) {
    $('join-summary').textContent = e.message;
  }
}

// ---- Following the game ----

function showTable() {
  $('table').hidden = false;
  follow(following);
}

async function follow(gen) {
  while (gen === following) {
    const version = st ? st.version : -1;
    try {
      const s = await api('GET', `/api/games/${me.game}/seats/${me.seat}/state?log=${logShown.length}&version=${version}`);
      if (gen !== following) return;
      accept(s);
    } catch (e) {
      if (gen !== following) return;
      if (e.status === 403 || e.status === 404) {
        localStorage.removeItem(seatKey(me.game));
        $('prompt').textContent = e.message;
        return;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

// accept takes a state if it is not older than the one drawn, and draws it.
function accept(s) {
  const first = s.log_next - s.events.length;
  s.events.forEach((e, i) => { if (first + i >= logShown.length && first + i === logShown.length) logShown.push(e); });
  const same = st && s.version === st.version && JSON.stringify(s.seats) === JSON.stringify(st.seats);
  if (st && s.version < st.version || same) { drawLog(); return; } // nothing new to draw: an open menu stays
  st = s;
  draw();
}

async function play(move) {
  if (busy || !st) return;
  busy = true;
  closeMenu();
  document.body.dataset.busy = 'true';
  try {
    accept(await api('POST', `/api/games/${me.game}/seats/${me.seat}/moves?log=${logShown.length}`, {version: st.version, move}));
  } catch (e) {
    $('hint').textContent = e.code === 'stale' ? 'The game moved on; here it is now.' : e.message;
    try { accept(await api('GET', `/api/games/${me.game}/seats/${me.seat}/state?log=${logShown.length}`)); } catch (_) { /* the poll retries */ }
  } finally {
    busy = false;
    document.body.dataset.busy = 'false';
  }
}

// ---- Moves and what they concern ----

// targetOf names the thing on the table a move concerns, or '' for a move shown as a button.
function targetOf(m, v) {
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
    const key = targetOf(d.move, st.view);
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(d);
  }
  return out;
}

// arm makes the drawn things that legal moves concern clickable; moves whose thing is not drawn
// become buttons.
function arm() {
  const groups = targets();
  const actions = $('actions');
  actions.replaceChildren();
  for (const [key, moves] of groups) {
    const things = key ? document.querySelectorAll(`[data-key="${key}"]`) : [];
    if (things.length === 0) {
      for (const d of moves) actions.append(button(d));
      continue;
    }
    for (const t of things) {
      t.classList.add('legal');
      const words = moves.map((d) => d.text).join(' / ');
      t.setAttribute('aria-label', words);
      if (t.tagName === 'g' || t.namespaceURI === 'http://www.w3.org/2000/svg') {
        t.append(svg('title', {text: words}));
      } else {
        t.title = words;
      }
      t.addEventListener('mouseenter', () => { $('hint').textContent = words; });
      t.addEventListener('click', (ev) => {
        ev.stopPropagation();
        if (moves.length === 1) play(moves[0].move);
        else openMenu(t, moves);
      });
    }
  }
}

function button(d) {
  const b = el('button', {class: 'legal move', text: d.text, onclick: () => play(d.move)});
  const c = d.move.color;
  if (c) b.style.borderLeft = `12px solid ${PAINT[c]}`;
  return b;
}

function openMenu(anchor, moves) {
  const menu = $('menu');
  menu.replaceChildren(...moves.map((d) => el('button', {class: 'menu-item', text: d.text, onclick: (ev) => { ev.stopPropagation(); play(d.move); }})));
  menu.append(el('button', {class: 'menu-cancel', text: 'Cancel', onclick: closeMenu}));
  const r = anchor.getBoundingClientRect();
  menu.hidden = false;
  const left = Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - menu.offsetWidth - 8);
  menu.style.left = Math.max(8, left) + 'px';
  menu.style.top = (window.scrollY + r.bottom + 4) + 'px';
}

function closeMenu() { $('menu').hidden = true; }
function closeMenuOutside(ev) { if (!$('menu').contains(ev.target)) closeMenu(); }

// ---- Drawing ----

function draw() {
  const v = st.view;
  document.body.dataset.version = String(st.version);
  document.body.dataset.over = String(v.over);
  document.body.dataset.turn = String(v.turn);
  $('where').textContent = v.over ? 'The game is over' :
    `Turn ${v.turn} · ${v.phase}${v.round ? ', round ' + v.round : ''}`;
  drawPrompt(v);
  $('auction').replaceChildren(drawAuction(v));
  $('supply').replaceChildren(drawSupply(v));
  $('me').replaceChildren(...drawMe(v));
  $('others').replaceChildren(...v.players.filter((p) => p.player !== v.player).map((p) => drawOther(v, p)));
  drawScores(v);
  drawLog();
  closeMenu();
  arm();
}

function who(p) {
  if (p === st.view.player) return 'you';
  const s = st.seats[p];
  return `player ${p}` + (s ? (s.kind === 'person' ? '' : ` (${s.kind})`) : '');
}

function drawPrompt(v) {
  const p = $('prompt');
  if (v.over) { p.textContent = 'The game is over: the score sheet is below.'; return; }
  const parts = [];
  if (v.legal.length) parts.push(el('strong', {text: PROMPTS[v.decision] || v.decision}));
  else if (v.to_move.length) parts.push('Waiting for ' + v.to_move.map(who).join(', ') + '…');
  if (v.playing) parts.push(' — resolving ', cardLabel(v.playing));
  if (v.chosen && v.chosen.length) {
    parts.push(el('span', {class: 'chosen', text: ' Your hidden choice: ' + v.chosen.map(moveWords).join(', ')}));
  }
  if (v.revealed && v.revealed.length) {
    parts.push(el('div', {class: 'revealed', text: 'Revealed: ' + v.revealed.map((r) => `${who(r.player)} ${moveWords(r.move)}`).join('; ')}));
  }
  p.replaceChildren(...parts);
  $('hint').textContent = '';
}

function moveWords(m) {
  switch (m.kind) {
    case 'bid': return 'bids ' + m.color;
    case 'play': return 'plays ' + cardName(m.card);
    case 'discard': return 'discards ' + cardName(m.card);
    case 'claim': return 'claims ' + cardName(m.card);
    case 'keep-in-pyramid': return 'keeps ' + cardName(m.card) + ' for the pyramid';
    case 'keep-in-hand': return 'keeps ' + cardName(m.card) + ' in the hand';
    default: return m.kind.replace(/-/g, ' ') + (m.color ? ' ' + m.color : '');
  }
}

function cardName(id) { const c = catalogue[id]; return c ? `${id} ${c.name}` : String(id); }
function cardLabel(id) { return el('span', {class: 'card-label', text: cardName(id)}); }

function gem(color, count, key, label) {
  return el('span', {class: 'gem ' + color, 'data-key': key, 'data-color': color, title: label || `${count} ${color}`},
    el('span', {class: 'stone'}), el('span', {class: 'count', text: String(count)}));
}

function gems(g, prefix, label) {
  return el('span', {class: 'gems'}, ...COLORS.map((c) => gem(c, g[c] || 0, prefix ? prefix + ':' + c : undefined, label ? `${label}: ${g[c] || 0} ${c}` : undefined)));
}

function drawAuction(v) {
  const box = el('div', {class: 'auction'});
  COLORS.forEach((c, i) => {
    const [base, tip] = v.auction[i];
    const col = el('div', {class: 'arrow ' + c},
      el('div', {class: 'arrow-head', 'data-key': 'auction:' + c, text: c}),
      el('div', {class: 'slot'}, el('span', {class: 'slot-name', text: 'base'}), base ? cardSVG(base, {small: true}) : el('div', {class: 'empty-card'})),
      el('div', {class: 'slot'}, el('span', {class: 'slot-name', text: 'tip'}), tip ? cardSVG(tip, {small: true}) : el('div', {class: 'empty-card'})));
    for (const vv of v.virtual || []) if (vv.bid === c) col.firstChild.append(el('span', {class: 'virtual-bid', text: ' ◆ virtual bid'}));
    box.append(col);
  });
  return el('div', {}, el('h2', {text: 'Auction'}), box);
}

function drawSupply(v) {
  const decks = el('div', {class: 'decks'},
    el('div', {class: 'deck large', text: `Large deck ${v.decks.large}`}),
    el('div', {class: 'deck small', 'data-key': 'deck:small', text: `Small deck ${v.decks.small}`}),
    el('div', {class: 'deck law', 'data-key': 'deck:law', text: `Law deck ${v.decks.laws}`}));
  const parts = [el('h2', {text: 'Reserve'}), gems(v.reserve, 'reserve', 'in the reserve'), decks];
  if (v.virtual && v.virtual.length) {
    parts.push(el('div', {class: 'virtual', text: v.virtual.map((vv, i) =>
      `virtual opponent ${i + 1}: ${vv.in_auction ? 'in the auction' : 'out of the auction'}${vv.bid ? ', bid ' + vv.bid : ''}`).join(' · ')}));
  }
  if (v.laws_known && v.laws_known.length) parts.push(el('div', {text: 'Top of the law deck: ' + v.laws_known.map(cardName).join(', ')}));
  return el('div', {}, ...parts);
}

function drawMe(v) {
  const mine = v.players[v.player];
  const out = [];
  const head = el('div', {class: 'player-head'},
    el('h2', {text: `You (player ${v.player})`}),
    el('span', {class: 'screen'}, 'Screen ', gems(v.screen, 'screen', 'behind your screen')),
    el('span', {class: 'attacks', 'data-key': 'attack', text: `⚔ ${mine ? mine.attacks : 0} attack`}));
  out.push(head);
  const hand = el('div', {class: 'hand'});
  for (const id of v.dealt || []) hand.append(el('div', {class: 'hand-card dealt'}, cardSVG(id, {}), el('div', {class: 'tag', text: 'dealt'})));
  for (const id of v.hand) hand.append(el('div', {class: 'hand-card'}, cardSVG(id, {})));
  if (v.playing && !v.hand.includes(v.playing) && !v.players.some((q) => q.tableau.cards.some((c) => c.card === v.playing))) {
    hand.append(el('div', {class: 'hand-card playing'}, cardSVG(v.playing, {}), el('div', {class: 'tag', text: 'being resolved'})));
  }
  if (!hand.children.length) hand.append(el('div', {class: 'none', text: 'Your hand is empty.'}));
  out.push(el('h3', {text: 'Hand'}), hand);
  const placing = st.moves.filter((d) => d.move.kind === 'place').map((d) => d.move.at);
  out.push(el('h3', {text: 'Your pyramid'}), pyramidSVG(mine.tableau, {places: placing, mine: true, player: v.player}));
  return out;
}

function drawOther(v, p) {
  const known = COLORS.filter((c) => p.screen[c]).map((c) => `${p.screen[c]} ${c}`);
  if (p.unknown) known.push(`${p.unknown} unknown`);
  const flags = [];
  if (p.in_auction) flags.push('in the auction');
  if (p.active) flags.push('developing');
  const box = el('div', {class: 'other', 'data-player': String(p.player)},
    el('div', {class: 'player-head'},
      el('h2', {text: who(p.player)}),
      el('span', {class: 'hand-size', text: `hand ${p.hand_size}${p.hand_laws ? ` (${p.hand_laws} law${p.hand_laws > 1 ? 's' : ''})` : ''}`}),
      el('span', {class: 'gem-count', text: `${p.gems} gems${known.length ? ': ' + known.join(', ') : ''}`}),
      el('span', {class: 'attacks', text: `⚔ ${p.attacks}`}),
      flags.length ? el('span', {class: 'flags', text: flags.join(', ')}) : null),
    p.hand.length ? el('div', {class: 'known-hand', text: 'Known in hand: ' + p.hand.map(cardName).join(', ')}) : null,
    pyramidSVG(p.tableau, {player: p.player}));
  return box;
}

function drawScores(v) {
  const box = $('scores');
  if (!v.over || !v.scores) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const head = el('tr', {}, el('th', {text: 'Category'}), ...v.scores.map((s) => el('th', {text: who(s.player)})));
  const rows = CATEGORIES.map(([key, name]) => el('tr', {class: key === 'total' ? 'total' : ''}, el('th', {text: name}),
    ...v.scores.map((s) => el('td', {'data-player': String(s.player), 'data-category': key, text: String(s[key])}))));
  const best = Math.max(...v.scores.map((s) => s.total));
  const winners = v.scores.filter((s) => s.total === best).map((s) => who(s.player));
  const verdict = v.config.players === 1 ? 'A solo game has no winner.' : `Won by ${winners.join(' and ')}.`;
  box.replaceChildren(el('h2', {text: 'Score sheet'}), el('table', {id: 'score-sheet'}, el('thead', {}, head), el('tbody', {}, ...rows)),
    el('p', {class: 'verdict', text: verdict}),
    el('p', {}, el('a', {href: `/api/games/${me.game}/record`, text: 'The record of the game (JSON)'})));
}

function drawLog() {
  const list = $('log');
  const have = list.children.length;
  if (have > logShown.length) list.replaceChildren();
  for (let i = list.children.length; i < logShown.length; i++) {
    list.append(el('li', {class: 'event ev-' + logShown[i].event.kind, text: logShown[i].text}));
  }
  if (list.children.length !== have) {
    const panel = $('log-panel');
    panel.scrollTop = panel.scrollHeight;
  }
}

// ---- Cards and pyramids in SVG ----

const ICONS = {points: '★', science: '⚗', magic: '✦', defense: '♜', attack: '⚔', 'magic-bonus': '✦+', 'circle-bonus': '◯+'};

function rewardWords(items) {
  return items.map((r) => {
    switch (r.kind) {
      case 'gems': return `${r.amount} gems`;
      case 'cards': return `${r.amount} card${r.amount > 1 ? 's' : ''}`;
      case 'points': return `${r.amount}★`;
      case 'infinite': return `∞ ${r.color}`;
      case 'circle-bonus': return `◯+${r.amount} ${r.color}`;
      case 'magic-bonus': return `✦+${r.amount}`;
      default: return `${r.amount > 1 ? r.amount : ''}${ICONS[r.kind] || r.kind}`;
    }
  }).join(' + ');
}

function tokenWords(t) {
  switch (t.kind) {
    case 'points': return `${t.value}★`;
    case 'magic-bonus': return `✦+${t.value}`;
    case 'circle-bonus': return `◯+${t.value}`;
    default: return ICONS[t.kind] || t.kind;
  }
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
  const squeeze = c.name.length > 12 ? {textLength: W - 8, lengthAdjust: 'spacingAndGlyphs'} : {};
  g.append(svg('text', {x: x + W / 2, y: y + 31, class: 'card-name', text: c.name, ...squeeze}));
  if (c.kind === 'law') {
    g.append(svg('text', {x: x + W / 2, y: y + 62, class: 'law-when', text: 'law · ' + c.when}));
    wrap(c.text, 24).slice(0, 4).forEach((line, i) => g.append(svg('text', {x: x + W / 2, y: y + 76 + i * 11, class: 'law-text', text: line})));
  } else {
    c.rows.forEach((row, i) => {
      const ry = y + H - 30 - i * 17;
      g.append(svg('circle', {cx: x + 12, cy: ry - 4, r: 5, fill: PAINT[row.cost], class: 'cost'}));
      g.append(svg('text', {x: x + 21, y: ry, class: 'row', text: `${i + 1}: ${rewardWords(row.reward)}`}));
    });
  }
  if (held) decorate(g, held, x, y);
  g.append(svg('title', {text: cardTitle(c)}));
  return g;
}

function cardTitle(c) {
  if (c.kind === 'law') return `${c.card} ${c.name} (law, ${c.when}): ${c.text}`;
  return `${c.card} ${c.name}: ` + c.rows.map((r, i) => `level ${i + 1} costs ${c.rows.slice(0, i + 1).map((q) => q.cost).join('+')}, gives ${rewardWords(r.reward)}`).join('; ');
}

function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width) { lines.push(line); line = word; } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

// decorate draws what lies on a card of a pyramid: tokens, its infinite gem, parked gems.
function decorate(g, held, x, y) {
  const marks = [];
  for (const t of held.tokens || []) marks.push({text: tokenWords(t), color: t.color, cls: 'token ' + t.kind});
  let mx = x + 6;
  const my = y + 48;
  for (const m of marks) {
    const w = 8 + m.text.length * 7;
    g.append(svg('rect', {x: mx, y: my - 11, width: w, height: 15, rx: 7, class: m.cls, fill: m.color ? PAINT[m.color] : null}));
    g.append(svg('text', {x: mx + w / 2, y: my, class: 'token-text', text: m.text}));
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

// pyramidSVG draws a tableau: the cards where they stand (level 1 at the bottom, each upper card on
// two below, so that the sectors of neighbours close the circles), the circles' paint, tucked cards,
// and, for the player's own pyramid, the places a card may go.
function pyramidSVG(tableau, opts) {
  const cards = tableau.cards || [];
  const places = opts.places || [];
  const spots = cards.map((c) => c.at).concat(places);
  const left = (at) => (at.col + (at.level - 1) / 2) * W;
  let minX = 0, maxX = W, top = 1;
  if (spots.length) {
    minX = Math.min(...spots.map(left));
    maxX = Math.max(...spots.map((a) => left(a) + W));
    top = Math.max(...spots.map((a) => a.level));
  }
  const yOf = (level) => (top - level) * H;
  const height = top * H + 24;
  const s = svg('svg', {viewBox: `${minX - 4} -6 ${maxX - minX + 8} ${height + 10}`, class: 'pyramid' + (opts.mine ? ' mine' : ''),
    'data-player': String(opts.player), style: `max-width:${Math.round((maxX - minX + 8) * 1.1)}px`});
  if (!spots.length) {
    s.append(svg('text', {x: W / 2, y: H / 2, class: 'empty-pyramid', text: 'no cards yet'}));
    return s;
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
    if (c.painted) ring.append(svg('text', {x: cx, y: cy + 4, class: 'paint-mark', text: 'painted'}));
    s.append(ring);
  }
  for (const t of tableau.tucked || []) {
    const host = byPlace.get([...byPlace.keys()].find((k) => byPlace.get(k).card === t.under));
    if (!host) continue;
    const x = left(host.at), y = yOf(host.at.level);
    const tab = svg('g', {class: 'tucked', 'data-card': String(t.card), 'data-key': 'card:' + t.card});
    tab.append(svg('rect', {x: x + 2, y: y + H - 17, width: 25, height: 14, rx: 3}));
    tab.append(svg('text', {x: x + 14.5, y: y + H - 6, text: '⤓' + t.card}));
    tab.append(svg('title', {text: `${cardName(t.card)}, tucked under ${cardName(t.under)}`}));
    s.append(tab);
  }
  for (const at of places) {
    const x = left(at), y = yOf(at.level);
    s.append(svg('g', {class: 'place', 'data-key': `place:${at.level}:${at.col}`},
      svg('rect', {x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 7}),
      svg('text', {x: x + W / 2, y: y + H / 2, text: `level ${at.level}`})));
  }
  return s;
}

// single reports whether the circle card c closes is of one colour, from the sectors that close it.
function single(c, byPlace) {
  const below = byPlace.get(`${c.at.level - 1}:${c.at.col}`), right = byPlace.get(`${c.at.level - 1}:${c.at.col + 1}`);
  if (!below || !right) return false;
  const s = catalogue[c.card].sectors;
  const four = [s.bottom_left, s.bottom_right, catalogue[below.card].sectors.top_right, catalogue[right.card].sectors.top_left];
  return four.every((x) => x === four[0]);
}

start().catch((e) => { document.body.prepend(el('p', {class: 'error', text: 'The page cannot start: ' + e.message})); });
