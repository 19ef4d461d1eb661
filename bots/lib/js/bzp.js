'use strict';
/*
 * bzp.js: a tiny client library for the Bezique protocol (bzp, protocol.md),
 * for Node.js, without npm packages.  The same shape as bots/lib/python/bzp.py.
 *
 * A bot is a function choose(request) -> action string and one call:
 *
 *   const bzp = require('../lib/js/bzp.js');
 *   bzp.run((req) => req.legal[0], { name: 'FirstBot' });
 *
 * run() answers `bzp` with the handshake (id, option, protocol, feature,
 * bzpok), `isready` with `readyok`, passes `setoption` to opts.onOption,
 * `newgame`/`gameover` fields to opts.onNewgame/opts.onGameover, turns
 * each `go` into a request object (see parseGo) and writes
 * `action id=<id> <answer>`.  Every other line is ignored.  It exits with
 * status 0 on `quit` or at the end of the input.  With opts.offerSeed it
 * offers the reserved `Seed` option and reseeds bzp.rng from it at each
 * `newgame`, so that a seeded bot plays each deal the same way.
 *
 * The same bot plays at a remote seat (doc/network.md, protocol.md §14)
 * with no change to its code: when BEZIQUE_CONNECT=HOST:PORT is set, run()
 * connects there instead of reading stdin (bzp_remote.js: the hello as
 * BEZIQUE_SEAT with BEZIQUE_TOKEN, TLS pinned to BEZIQUE_PIN if set, and
 * back by itself with resume=1 after a drop).
 *
 * Only protocol lines go to standard output; messages for humans go to
 * standard error (log()).  On Linux, writes to a pipe are synchronous, so
 * each line leaves at once: there is no buffer to flush.
 */

const readline = require('readline');

const PROTOCOL_VERSION = 1;
const SEED_OPTION = 'name Seed type spin default 0 min 0 max 4294967295';
// The variants a bot of the legal lists plays: every one (protocol.md §3).
const VARIANTS = 'rubicon,two-hand,six-pack,eight-pack,three-hand';

/*
 * Random numbers for your bot: rng.random() in [0, 1), rng.choice(list).
 * Math.random() cannot be seeded, so this is mulberry32, seeded by a
 * string (reseeded per deal when the arbiter sets Seed).
 */
const rng = {
  state: (Math.random() * 2 ** 32) >>> 0,
  seed(text) { // FNV-1a hash of the text
    let h = 0x811c9dc5;
    for (const ch of String(text)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
    this.state = h >>> 0;
  },
  random() {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  },
  choice(list) {
    return list[Math.floor(this.random() * list.length)];
  },
};

/* A message for humans, on standard error (never on stdout). */
function log(...args) {
  process.stderr.write(args.join(' ') + '\n');
}

// Where protocol lines go: standard output, or a connection's write.
let output = (text) => process.stdout.write(text);

/* One protocol line on standard output. */
function send(line) {
  output(line + '\n');
}

/* Split a card list of a view ("AS#1,TS#2", or "-" when empty). */
function cardList(value) {
  return !value || value === '-' ? [] : value.split(',');
}

/* Tokens are separated by spaces or tabs (a stray CR is white space too). */
function tokenize(line) {
  return line.split(/[ \t\r]+/).filter((t) => t !== '');
}

/* The key=value tokens of a list as an object (other tokens skipped). */
function parseFields(tokens) {
  const fields = {};
  for (const token of tokens) {
    const eq = token.indexOf('=');
    if (eq > 0) fields[token.slice(0, eq)] = token.slice(eq + 1);
  }
  return fields;
}

/*
 * A seat view (protocol.md section 8) as an object of its fields, every
 * value a string as sent ({hand0: 'AS#1,??', points: '0,40', ...}); the
 * first token ("bzv/1") is stored as `format`.
 */
function parseView(text) {
  const tokens = tokenize(text);
  const view = parseFields(tokens);
  if (tokens.length > 0 && !tokens[0].includes('=')) view.format = tokens[0];
  return view;
}

/*
 * A `go` line as a request, or null if it has no id ("go infinite"):
 *   { id: '7',                 // echo it exactly in the answer
 *     decision: 'lead',        // lead, reply, declare, carte-blanche
 *     clocks: { time: 60000, otime: 60000, inc: 0, cap: 0, movetime: 0 },
 *     legal: ['9C#2', 'AS#1'], // [] if the line has no legal=
 *     viewText: 'bzv/1 ...',   // the seat view, raw
 *     view: { seat: '0', trump: '-', ... } }   // parseView(viewText)
 */
function parseGo(line) {
  const tokens = tokenize(line);
  // Everything after the token "view" is the seat view.
  const at = tokens.indexOf('view');
  const head = at < 0 ? tokens.slice(1) : tokens.slice(1, at);
  const viewText = at < 0 ? '' : tokens.slice(at + 1).join(' ');
  const fields = parseFields(head);
  if (fields.id === undefined) return null;
  const clocks = {};
  for (const key of ['time', 'otime', 'inc', 'cap', 'movetime']) {
    if (/^\d+$/.test(fields[key] || '')) clocks[key] = Number(fields[key]);
  }
  return {
    id: fields.id,
    decision: fields.decision || '',
    clocks,
    legal: fields.legal ? fields.legal.split(',') : [],
    viewText,
    view: parseView(viewText),
  };
}

/* `setoption name <Name> [value <Value>]` -> [name, value or null]. */
function parseSetoption(line) {
  const tokens = tokenize(line).slice(1);
  if (tokens[0] !== 'name') return [null, null];
  const rest = tokens.slice(1);
  const at = rest.indexOf('value');
  if (at < 0) return [rest.join(' '), null];
  return [rest.slice(0, at).join(' '), rest.slice(at + 1).join(' ')];
}

/* Exit with status 0 once everything written has left. */
function exit() {
  process.stdout.write('', () => process.exit(0));
}

/*
 * Plays the protocol on stdin/stdout until `quit` or end of input.
 * opts: { name, author, version, options: ['name Level type combo ...'],
 *         features: ['legal', 'noevents', 'variants=...'] (every variant,
 *         as a bot of the legal lists can play), onOption(name, value),
 *         onNewgame(fields), onGameover(fields), offerSeed: true }
 */
function run(choose, opts = {}) {
  const features = opts.features || ['legal', 'noevents', 'variants=' + VARIANTS];
  const options = (opts.offerSeed ? [SEED_OPTION] : []).concat(opts.options || []);
  // last: the last request answered and its action, for a repeat.
  const state = { seed: null, last: null, handshaken: false, quitting: false };
  const handle = (line) => {
    const tokens = tokenize(line);
    switch (tokens[0]) {
      case 'bzp':
        state.handshaken = true;
        send('id name ' + (opts.name || 'js-bot'));
        send('id author ' + (opts.author || 'anonymous'));
        if (opts.version) send('id version ' + opts.version);
        for (const option of options) send('option ' + option);
        send('protocol ' + PROTOCOL_VERSION);
        for (const feature of features) send('feature ' + feature);
        send('bzpok');
        break;
      case 'isready':
        send('readyok');
        break;
      case 'setoption': {
        const [name, value] = parseSetoption(line);
        if (opts.offerSeed && name && name.toLowerCase() === 'seed' &&
            /^\d+$/.test(value || '')) state.seed = value;
        if (name && opts.onOption) opts.onOption(name, value);
        break;
      }
      case 'newgame': {
        const fields = parseFields(tokens.slice(1));
        if (state.seed !== null) rng.seed(`${state.seed}/${fields.deal}`); // same Seed, same play
        if (opts.onNewgame) opts.onNewgame(fields);
        break;
      }
      case 'gameover':
        if (opts.onGameover) opts.onGameover(parseFields(tokens.slice(1)));
        break;
      case 'go': {
        const request = parseGo(line);
        if (request) answer(choose, request, state);
        break;
      }
      case 'quit':
        state.quitting = true;
        break;
      default: // event lines, blank lines, unknown commands: ignored
    }
  };
  if (process.env.BEZIQUE_CONNECT) {
    require('./bzp_remote.js').serve(handle, state, (w) => { output = w; }, log);
    return;
  }
  // The arbiter has gone (EPIPE): nobody is left to talk to.
  process.stdout.on('error', () => process.exit(0));
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on('line', (line) => {
    if (state.quitting) return;
    handle(line);
    if (state.quitting) rl.close();
  });
  rl.on('close', exit); // after `quit`, or at the end of the input
}

/* Ask the bot and send its answer; a bug in the bot is logged (stderr)
 * and answered with the first legal action, if there is one. */
function answer(choose, request, state) {
  // The same request again (after a reconnection): the same answer,
  // without asking the bot twice.
  if (state.last && state.last[0] === request.id) {
    send(`action id=${request.id} ${state.last[1]}`);
    return;
  }
  let action;
  try {
    action = choose(request);
  } catch (err) {
    log(`bzp.js: choose() failed on go id=${request.id}:`, err && err.stack);
    action = request.legal[0];
  }
  if (action) {
    state.last = [request.id, action];
    send(`action id=${request.id} ${action}`);
  }
  else log(`bzp.js: no action for go id=${request.id}`);
}

// Keyed dealing (doc/reproducible.md, arbiter/record/deck_key.h): every
// deck of a run from its 256-bit key (a Buffer), for checking a run's
// records once its key is published.
const RANKS = '789JQKTA';
const SUITS = 'SHDC';

// The key --seed TEXT gives: SHA-256("bezique run key v1" NUL TEXT).
function runKeyFromText(text) {
  return require('crypto').createHash('sha256')
    .update(Buffer.concat([Buffer.from('bezique run key v1\0'),
      Buffer.from(text, 'utf8')])).digest();
}

// rngBelow(n) on the words of HMAC-SHA-256(key, label || u64be(round) ||
// u32be(hand) || u32be(j)), j = 0, 1, ..., each block four little-endian
// 64-bit words.
function keyedBelow(key, label, round, hand) {
  const crypto = require('crypto');
  const words = [];
  let j = 0;
  return (n) => {
    const big = BigInt(n);
    const bound = (1n << 64n) % big;
    for (;;) {
      if (words.length === 0) {
        const msg = Buffer.alloc(label.length + 16);
        msg.write(label, 0, 'latin1');
        msg.writeBigUInt64BE(BigInt(round), label.length);
        msg.writeUInt32BE(hand, label.length + 8);
        msg.writeUInt32BE(j++, label.length + 12);
        const block = crypto.createHmac('sha256', key).update(msg).digest();
        for (let i = 0; i < 4; i++) words.push(block.readBigUInt64LE(8 * i));
      }
      const x = words.shift();
      if (x >= bound) return Number(x % big);  // rejects x < 2^64 mod n
    }
  };
}

// The deck of (round, hand): card ids (copy*32 + suit*8 + rank), in
// dealing order, shuffled by Fisher-Yates from the top.
function dealDeck(key, round, hand = 0, packs = 4) {
  const deck = Array.from({ length: packs * 32 }, (_, i) => i);
  const below = keyedBelow(key, 'bezique deck v1', round, hand);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

// The six-pack's cut of (round, hand): [lifted, guessed].
function dealCut(key, round, hand, cutCards) {
  const low = cutCards > 4 ? cutCards - 4 : 1;
  const below = keyedBelow(key, 'bezique cut v1', round, hand);
  const lifted = low + below(9);
  return [lifted, low + below(9)];
}

// A card id as the records write it: "QS#2".
function cardText(card) {
  return `${RANKS[card & 7]}${SUITS[(card >> 3) & 3]}#${(card >> 5) + 1}`;
}

module.exports = {
  run, rng, parseGo, parseView, parseFields, parseSetoption, cardList, send, log,
  runKeyFromText, dealDeck, dealCut, cardText,
};
