// bots/lib/js/bzp.js deals keyed decks as the arbiter does: the reference
// vectors of doc/reproducible.md (deck_vectors.json).
const path = require('path');
const crypto = require('crypto');
const bzp = require(path.join(__dirname, '..', '..', 'bots', 'lib', 'js', 'bzp.js'));
const v = require(path.join(__dirname, 'deck_vectors.json'));

let failed = 0;
function check(what, ok) {
  console.log(`${what.padEnd(60)} ${ok ? 'ok' : 'FAILED'}`);
  if (!ok) failed++;
}

for (const t of v.texts) {
  const key = bzp.runKeyFromText(t.seed);
  check(`--seed '${t.seed}' gives its key`, key.toString('hex') === t.key);
  check('... and its commitment',
    crypto.createHash('sha256').update(key).digest('hex') === t.commit);
}
for (const d of v.decks) {
  const deck = bzp.dealDeck(Buffer.from(d.key, 'hex'), d.round, d.hand, d.packs);
  const what = `deck of round ${d.round}, hand ${d.hand}`;
  const sorted = [...deck].sort((a, b) => a - b);
  check(what, deck.slice(0, d.head.length).join() === d.head.join() &&
    sorted.every((c, i) => c === i));
  if (d.text) {
    check(`${what} as card text`,
      deck.slice(0, d.head.length).map(bzp.cardText).join(',') === d.text);
  }
}
for (const c of v.cuts) {
  const got = bzp.dealCut(Buffer.from(c.key, 'hex'), c.round, c.hand, c.cut_cards);
  check(`cut of round ${c.round}, hand ${c.hand}`,
    got[0] === c.lifted && got[1] === c.guessed);
}
console.log(`${failed} failed`);
process.exit(failed ? 1 : 0);
