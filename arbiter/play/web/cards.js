// Card faces drawn by the project as SVG (no image is fetched): the
// corner index, pips in the usual places for the 7 to the 10, one large
// pip for the ace, double-ended court figures for K, Q and J, and a
// patterned back.  The copy number of a card ("QS#2") is never drawn:
// the packs are alike.
'use strict';

const Cards = (() => {
  const NS = 'http://www.w3.org/2000/svg';
  const W = 200;
  const H = 280;
  const RED = '#c8102e';
  const BLACK = '#1a1a1a';
  const SUIT_PATHS = {
    H: 'M50 92C22 68 2 48 2 28 2 13 13 2 27 2c11 0 19 6 23 15 4-9 12-15 23-15 14 0 25 11 25 26 0 20-20 40-48 64z',
    D: 'M50 2L88 50 50 98 12 50z',
    S: 'M50 2C24 26 4 44 4 62c0 14 10 24 24 24 9 0 16-4 20-11-1 10-5 18-14 23h32c-9-5-13-13-14-23 4 7 11 11 20 11 14 0 24-10 24-24C96 44 76 26 50 2z',
    C: 'M50 4c-12 0-21 9-21 21 0 6 2 11 6 15-3-2-7-3-11-3-12 0-21 9-21 21s9 21 21 21c9 0 16-5 19-12-1 11-5 19-14 24h42c-9-5-13-13-14-24 3 7 10 12 19 12 12 0 21-9 21-21s-9-21-21-21c-4 0-8 1-11 3 4-4 6-9 6-15 0-12-9-21-21-21z',
  };
  const RANK_LABEL = { A: 'A', T: '10', K: 'K', Q: 'Q', J: 'J', 9: '9', 8: '8', 7: '7' };
  // Pip centres (x, y) of the number cards; those below the middle are
  // drawn upside down, as on a real card.
  const COL = [66, 134];
  const PIPS = {
    7: [[COL[0], 62], [COL[1], 62], [COL[0], 140], [COL[1], 140], [COL[0], 218], [COL[1], 218], [100, 101]],
    8: [[COL[0], 62], [COL[1], 62], [COL[0], 140], [COL[1], 140], [COL[0], 218], [COL[1], 218], [100, 101], [100, 179]],
    9: [[COL[0], 58], [COL[1], 58], [COL[0], 112], [COL[1], 112], [COL[0], 168], [COL[1], 168],
      [COL[0], 222], [COL[1], 222], [100, 140]],
    T: [[COL[0], 58], [COL[1], 58], [COL[0], 112], [COL[1], 112], [COL[0], 168], [COL[1], 168],
      [COL[0], 222], [COL[1], 222], [100, 85], [100, 195]],
  };

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function pip(g, suit, x, y, size, flip) {
    const s = size / 100;
    el('path', {
      d: SUIT_PATHS[suit],
      fill: suit === 'H' || suit === 'D' ? RED : BLACK,
      transform: `translate(${x} ${y}) rotate(${flip ? 180 : 0}) scale(${s}) translate(-50 -50)`,
    }, g);
  }

  function corner(g, rank, suit, color) {
    const t = el('text', {
      x: 24, y: 42, 'font-size': rank === 'T' ? 34 : 38, 'font-weight': 700,
      'font-family': 'Georgia, "DejaVu Serif", serif', fill: color,
      'text-anchor': 'middle', 'letter-spacing': rank === 'T' ? -3 : 0,
    }, g);
    t.textContent = RANK_LABEL[rank];
    pip(g, suit, 24, 64, 24, false);
  }

  // One half of a court figure, drawn in the top half and turned for the
  // bottom: a headdress by rank, a face, the robe in the suit's colour.
  function courtHalf(g, rank, suit) {
    const red = suit === 'H' || suit === 'D';
    const robe = red ? '#b3202a' : '#23408e';
    const trim = red ? '#23408e' : '#b3202a';
    const gold = '#e0b331';
    // Robe and shoulders.
    el('path', { d: 'M52 140 C56 112 70 100 100 98 C130 100 144 112 148 140 Z', fill: robe }, g);
    el('path', { d: 'M78 104 L100 140 L122 104 Z', fill: gold, opacity: 0.9 }, g);
    el('path', { d: 'M60 140 C64 120 72 112 84 106 L90 140 Z', fill: trim, opacity: 0.85 }, g);
    el('path', { d: 'M140 140 C136 120 128 112 116 106 L110 140 Z', fill: trim, opacity: 0.85 }, g);
    // Face and hair.
    el('circle', { cx: 100, cy: 80, r: 17, fill: '#f6d7b5', stroke: '#7a5230', 'stroke-width': 1.2 }, g);
    el('path', { d: 'M83 80 C83 62 117 62 117 80 C112 70 88 70 83 80 Z', fill: rank === 'Q' ? '#e3b04b' : '#5a3b1c' }, g);
    el('circle', { cx: 94, cy: 80, r: 1.8, fill: '#333' }, g);
    el('circle', { cx: 106, cy: 80, r: 1.8, fill: '#333' }, g);
    el('path', { d: 'M95 89 Q100 92 105 89', stroke: '#a0413a', 'stroke-width': 1.5, fill: 'none' }, g);
    if (rank === 'K') {
      el('path', { d: 'M96 96 C92 104 108 104 104 96 Z', fill: '#5a3b1c' }, g);   // beard
      el('path', { d: 'M80 64 L80 44 L90 56 L100 38 L110 56 L120 44 L120 64 Z', fill: gold, stroke: '#8a6a10', 'stroke-width': 1.2 }, g);
      el('circle', { cx: 100, cy: 52, r: 3, fill: trim }, g);
    } else if (rank === 'Q') {
      el('path', { d: 'M84 64 C86 50 114 50 116 64 L110 58 L100 48 L90 58 Z', fill: gold, stroke: '#8a6a10', 'stroke-width': 1.2 }, g);
      el('circle', { cx: 100, cy: 52, r: 3.5, fill: trim }, g);
      el('path', { d: 'M128 128 L134 100 M131 100 C126 92 142 92 137 100', stroke: gold, 'stroke-width': 3, fill: 'none' }, g);
    } else {
      el('path', { d: 'M80 66 C82 52 118 52 120 66 Z', fill: trim }, g);
      el('path', { d: 'M116 58 C130 44 140 48 146 40', stroke: gold, 'stroke-width': 3, fill: 'none' }, g);
      el('path', { d: 'M66 136 L70 96', stroke: '#8a6a10', 'stroke-width': 4 }, g);
    }
    pip(g, suit, 138, 62, 22, false);
  }

  function court(g, rank, suit) {
    el('rect', { x: 40, y: 34, width: 120, height: 212, rx: 6, fill: '#fbf3dc', stroke: '#8a6a10', 'stroke-width': 2 }, g);
    const clip = `clip-${rank}${suit}-${Math.random().toString(36).slice(2, 8)}`;
    const cp = el('clipPath', { id: clip }, g);
    el('rect', { x: 40, y: 34, width: 120, height: 212, rx: 6 }, cp);
    const top = el('g', { 'clip-path': `url(#${clip})` }, g);
    courtHalf(top, rank, suit);
    const bottom = el('g', { 'clip-path': `url(#${clip})` }, g);
    courtHalf(el('g', { transform: `rotate(180 ${W / 2} ${H / 2})` }, bottom), rank, suit);
    el('line', { x1: 40, y1: 140, x2: 160, y2: 140, stroke: '#8a6a10', 'stroke-width': 1.5 }, g);
  }

  // The face of a card ("QS", "QS#2", "10H"), or the back for "??".
  function svg(text) {
    const m = /^([AKQJT987]|10)([SHDC])/.exec(text || '');
    const s = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'face', 'aria-hidden': 'true' });
    if (!m) {
      el('rect', { x: 2, y: 2, width: W - 4, height: H - 4, rx: 14, fill: '#fff', stroke: '#999', 'stroke-width': 2 }, s);
      el('rect', { x: 12, y: 12, width: W - 24, height: H - 24, rx: 8, fill: '#1f3f8f' }, s);
      const g = el('g', { stroke: '#5f7fd0', 'stroke-width': 2, fill: 'none', opacity: 0.8 }, s);
      for (let i = -H; i < W + H; i += 16) {
        el('line', { x1: 12 + i, y1: 12, x2: 12 + i + H, y2: 12 + H }, g);
        el('line', { x1: 12 + i, y1: H - 12, x2: 12 + i + H, y2: H - 12 - H }, g);
      }
      el('rect', { x: 12, y: 12, width: W - 24, height: H - 24, rx: 8, fill: 'none', stroke: '#e8d9a0', 'stroke-width': 3 }, s);
      // The lines run past the inner frame: the outer white border covers them.
      el('path', {
        d: `M0 0H${W}V${H}H0Z M12 20 a8 8 0 0 1 8 -8 H${W - 20} a8 8 0 0 1 8 8 V${H - 20} a8 8 0 0 1 -8 8 H20 a8 8 0 0 1 -8 -8Z`,
        fill: '#fff', 'fill-rule': 'evenodd',
      }, s);
      el('rect', { x: 2, y: 2, width: W - 4, height: H - 4, rx: 14, fill: 'none', stroke: '#999', 'stroke-width': 2 }, s);
      return s;
    }
    const rank = m[1] === '10' ? 'T' : m[1];
    const suit = m[2];
    const color = suit === 'H' || suit === 'D' ? RED : BLACK;
    el('rect', { x: 2, y: 2, width: W - 4, height: H - 4, rx: 14, fill: '#fffef9', stroke: '#9a9a9a', 'stroke-width': 2 }, s);
    const g = el('g', {}, s);
    corner(g, rank, suit, color);
    corner(el('g', { transform: `rotate(180 ${W / 2} ${H / 2})` }, s), rank, suit, color);
    if (PIPS[rank]) {
      for (const [x, y] of PIPS[rank]) pip(g, suit, x, y, 36, y > 141);
    } else if (rank === 'A') {
      pip(g, suit, 100, 140, 92, false);
    } else {
      court(g, rank, suit);
    }
    return s;
  }

  return { svg };
})();
