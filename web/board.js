// board.js - the SVG Go board: grid, coordinates, star points, stones, marks and overlays.
// It draws a plain description of what to show (BoardView.render) and reports clicks and hovers
// as GTP vertices; it knows nothing about the server or the game rules.

const SVG = 'http://www.w3.org/2000/svg';
// GTP column letters: I is skipped, 25 letters for the largest board.
export const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export function vertexName(size, x, y) {
  // x: column from the left, y: row from the top (0-based)
  return LETTERS[x] + String(size - y);
}

export function parseVertex(size, v) {
  if (typeof v !== 'string') return null;
  const m = /^([A-HJ-Z])(\d{1,2})$/i.exec(v.trim());
  if (!m) return null;
  const x = LETTERS.indexOf(m[1].toUpperCase());
  const y = size - Number(m[2]);
  if (x < 0 || x >= size || y < 0 || y >= size) return null;
  return { x, y };
}

// Star points (hoshi): the usual 3-3 or 4-4 corners, the centre on odd boards, and the sides on
// large odd boards; the centre only on the smallest boards.
export function starPoints(size) {
  const pts = [];
  const mid = (size - 1) / 2;
  if (size < 7) {
    if (size % 2 === 1 && size >= 5) pts.push([mid, mid]);
    return pts;
  }
  const e = size >= 13 ? 3 : 2;
  const far = size - 1 - e;
  pts.push([e, e], [far, e], [e, far], [far, far]);
  if (size % 2 === 1) {
    pts.push([mid, mid]);
    if (size >= 15) pts.push([mid, e], [mid, far], [e, mid], [far, mid]);
  }
  return pts;
}

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// Visits as a candidate shows them: 950, 1.2k, 35k, 1.2M.
function shortCount(n) {
  if (n < 1000) return String(n);
  if (n < 1e6) return (n < 1e4 ? (n / 1000).toFixed(1) : Math.round(n / 1000)) + 'k';
  return (n / 1e6).toFixed(1) + 'M';
}

const STONE_R = 0.475; // a stone's radius, in grid units (1: the distance between two lines)

// The font size of the coordinates (grid units), about the same size on the screen whatever the
// board, and where they go: outside the reach of the stones on the first line, with a gap.
function coordLayout(size) {
  const fontSize = Math.min(0.5, Math.max(0.17, 0.029 * (size + 1.1)));
  // Half the width of a two-digit number (bold digits are about 0.7 em wide), more than half
  // the height of a letter.
  const half = 0.72 * fontSize;
  const off = STONE_R + 0.08 + half; // from the edge line to the label's centre
  return { fontSize, off, margin: Math.max(1.05, off + half + 0.08) };
}

export class BoardView {
  // svg: an empty <svg> element. handlers: { onPlay(vertex) } for a click, a tap or Enter.
  constructor(svg, handlers = {}) {
    this.svg = svg;
    this.handlers = handlers;
    this.size = 0;
    this.model = null;
    this.cursor = null; // keyboard cursor {x, y} or null
    this.hover = null; // vertex under a mouse pointer
    this.lineOf = null; // a candidate whose line is shown (hovered in the list), or null
    // Focus by a click (not by Tab): the arrow keys are then left to the page (review), and no
    // cursor is drawn.
    this.pointerFocus = false;
    // On a touch screen a tap first shows the stone and a second tap on it plays (setConfirmTaps):
    // a finger covers several points of a large board on a phone, and a move cannot be taken back
    // without an undo.
    this.confirmTaps = true;
    this.pending = null; // the vertex shown after a first tap, or null
    this.pointerType = 'mouse'; // of the last press: a click event does not always say
    svg.addEventListener('pointerleave', () => this.setHover(null));
    svg.addEventListener('pointerdown', (ev) => {
      this.pointerType = ev.pointerType || 'mouse';
      this.pointerFocus = true;
      this.drawCursor();
    });
    svg.addEventListener('keydown', (ev) => this.onKey(ev));
    svg.addEventListener('focus', () => {
      if (!this.cursor && this.size) {
        const m = Math.floor(this.size / 2);
        this.cursor = { x: m, y: m };
      }
      this.drawCursor();
    });
    svg.addEventListener('blur', () => {
      this.pointerFocus = false;
      this.drawCursor();
    });
  }

  // Rebuild the fixed layers for a new board size.
  build(size) {
    this.size = size;
    this.pending = null;
    const svg = this.svg;
    svg.replaceChildren();
    const { fontSize, off, margin } = coordLayout(size);
    const lo = -margin;
    const span = size - 1 + 2 * margin;
    svg.setAttribute('viewBox', `${lo} ${lo} ${span} ${span}`);
    const defs = el('defs', {}, svg);
    const gb = el('radialGradient', { id: 'stone-b', cx: '35%', cy: '30%', r: '70%' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#6b6b6b' }, gb);
    el('stop', { offset: '45%', 'stop-color': '#222' }, gb);
    el('stop', { offset: '100%', 'stop-color': '#000' }, gb);
    const gw = el('radialGradient', { id: 'stone-w', cx: '35%', cy: '30%', r: '75%' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#ffffff' }, gw);
    el('stop', { offset: '70%', 'stop-color': '#ecebe6' }, gw);
    el('stop', { offset: '100%', 'stop-color': '#bdbbb4' }, gw);
    const wood = el('linearGradient', { id: 'wood', x1: '0', y1: '0', x2: '1', y2: '1' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#e6c27a' }, wood);
    el('stop', { offset: '100%', 'stop-color': '#d5a951' }, wood);

    el('rect', { x: lo, y: lo, width: span, height: span, rx: 0.25, fill: 'url(#wood)', class: 'wood' }, svg);
    const grid = el('g', { class: 'grid' }, svg);
    const n = size - 1;
    let d = '';
    for (let i = 0; i < size; i++) d += `M0 ${i}H${n}M${i} 0V${n}`;
    el('path', { d, class: 'lines' }, grid);
    el('rect', { x: 0, y: 0, width: n, height: n, class: 'edge' }, grid);
    // Coordinates and star points keep about the same size on the screen whatever the board.
    const starR = 0.09 * Math.min(1, (size + 1) / 10);
    for (const [x, y] of starPoints(size)) el('circle', { cx: x, cy: y, r: starR, class: 'star' }, grid);

    const coords = el('g', { class: 'coords', 'aria-hidden': 'true', 'font-size': fontSize.toFixed(3) }, svg);
    for (let i = 0; i < size; i++) {
      const letter = LETTERS[i];
      const num = String(size - i);
      el('text', { x: i, y: -off }, coords).textContent = letter;
      el('text', { x: i, y: n + off }, coords).textContent = letter;
      el('text', { x: -off, y: i }, coords).textContent = num;
      el('text', { x: n + off, y: i }, coords).textContent = num;
    }

    // The ownership estimate and the counted territory are drawn over the stones (squares with
    // an outline of the other colour), so that they show on dead stones too.
    this.layerStones = el('g', { class: 'stones' }, svg);
    this.layerOwnership = el('g', { class: 'ownership' }, svg);
    this.layerMarks = el('g', { class: 'marks' }, svg);
    this.layerTerritory = el('g', { class: 'territory' }, svg);
    this.layerHover = el('g', { class: 'hover', 'aria-hidden': 'true' }, svg);
    this.layerCursor = el('g', { class: 'cursor', 'aria-hidden': 'true' }, svg);

    // One transparent target per intersection: exact hit areas and stable test selectors.
    const targets = el('g', { class: 'targets' }, svg);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const v = vertexName(size, x, y);
        const r = el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, 'data-vertex': v }, targets);
        r.addEventListener('pointerenter', (ev) => {
          if (ev.pointerType !== 'touch') this.setHover(v);
        });
        r.addEventListener('click', () => {
          this.cursor = { x, y };
          if (this.wantsSecondTap(v, x, y)) {
            // A touch has no hover: a mouse's last point must not show its candidate's line
            // over the tapped stone.
            this.hover = null;
            this.pending = v;
            this.drawHover();
            if (this.handlers.onPending) this.handlers.onPending(v);
            return;
          }
          this.pending = null;
          this.drawHover();
          if (this.handlers.onPlay) this.handlers.onPlay(v);
        });
      }
    }
  }

  // model: {
  //   size, board: rows of '.', 'X', 'O' (top row first), lastMove: vertex|null,
  //   numbers: Map vertex -> move number (shown when showNumbers), showNumbers,
  //   preview: 'X'|'O'|null (colour of the hover preview, null: no preview),
  //   ownership: array size*size (row-major from the top, +1 black) | null,
  //   territory: { black: [vertex], white: [vertex] } | null, dead: Set of vertices,
  //   candidates: [{ move, winrate (0..1 for the mover), visits, pv: [vertex|'pass'] }] | null,
  //   mover: 'X'|'O' (who plays the candidates; the colour of the first stone of a line),
  //   hint: vertex|null (a move suggested to the player: a ring),
  //   mistake: { level, played: vertex|null, best: vertex|null } | null (a game review's mistake:
  //     the move played ringed and the best move marked, in the colour of the mistake's size),
  //   markup: { triangle, square, circle, cross: [vertex], labels: [{ at: vertex, text }] } | null
  //     (an SGF node's marks: TR, SQ, CR, MA, LB), drawn in the colour that shows on each point,
  // }
  render(model) {
    if (model.size !== this.size) this.build(model.size);
    this.model = model;
    const size = model.size;
    this.layerStones.replaceChildren();
    this.layerMarks.replaceChildren();
    this.layerTerritory.replaceChildren();
    this.layerOwnership.replaceChildren();
    const dead = model.dead || new Set();

    if (model.ownership) {
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const o = model.ownership[y * size + x];
          if (!o || Math.abs(o) < 0.1) continue;
          // A stone of the owner's colour needs no square; a stone of the other colour is dead.
          const c = (model.board[y] || '')[x];
          if ((c === 'X' && o > 0) || (c === 'O' && o < 0)) continue;
          // The surer the owner, the larger the square.
          const s = 0.12 + 0.26 * Math.min(1, Math.abs(o));
          el('rect', {
            x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 0.03,
            class: o > 0 ? 'own-b' : 'own-w', 'data-own': vertexName(size, x, y),
          }, this.layerOwnership);
        }
      }
    }

    const counted = new Set();
    if (model.territory) for (const list of [model.territory.black, model.territory.white]) for (const v of list || []) counted.add(v);
    for (let y = 0; y < size; y++) {
      const row = model.board[y] || '';
      for (let x = 0; x < size; x++) {
        const c = row[x];
        if (c !== 'X' && c !== 'O') continue;
        const v = vertexName(size, x, y);
        const g = el('g', { class: 'stone ' + (c === 'X' ? 'black' : 'white') + (dead.has(v) ? ' dead' : ''), 'data-stone': v }, this.layerStones);
        el('circle', { cx: x + 0.04, cy: y + 0.06, r: 0.47, class: 'shadow' }, g);
        el('circle', { cx: x, cy: y, r: STONE_R, class: 'body', fill: c === 'X' ? 'url(#stone-b)' : 'url(#stone-w)' }, g);
        if (model.showNumbers && model.numbers && model.numbers.has(v)) {
          const num = model.numbers.get(v);
          const t = el('text', { x, y, class: 'num' + (num >= 100 ? ' small' : '') }, this.layerMarks);
          t.textContent = String(num);
          t.classList.add(c === 'X' ? 'on-black' : 'on-white');
          if (v === model.lastMove) {
            t.classList.add('last-num');
            t.setAttribute('data-testid', 'last-move');
          }
        } else if (v === model.lastMove) {
          el('circle', { cx: x, cy: y, r: 0.2, class: 'last ' + (c === 'X' ? 'on-black' : 'on-white'), 'data-testid': 'last-move' }, this.layerMarks);
        }
        if (dead.has(v) && !counted.has(v)) {
          // A dead stone whose point counts for the other side shows that side's square instead.
          const k = 0.2;
          el('path', { d: `M${x - k} ${y - k}L${x + k} ${y + k}M${x + k} ${y - k}L${x - k} ${y + k}`, class: 'dead-mark' }, this.layerMarks);
        }
      }
    }

    if (model.territory) {
      for (const [cls, list] of [['terr-b', model.territory.black], ['terr-w', model.territory.white]]) {
        for (const v of list || []) {
          const p = parseVertex(size, v);
          if (!p) continue;
          const s = dead.has(v) ? 0.4 : 0.32;
          el('rect', { x: p.x - s / 2, y: p.y - s / 2, width: s, height: s, rx: 0.04, class: cls, 'data-terr': v }, this.layerTerritory);
        }
      }
    }

    if (model.candidates && model.candidates.length) {
      const best = model.candidates[0].visits || 1;
      model.candidates.slice(0, 8).forEach((c, i) => {
        const p = parseVertex(size, c.move);
        if (!p || (model.board[p.y] || '')[p.x] !== '.') return;
        const g = el('g', { class: 'cand' + (i === 0 ? ' best' : ''), 'data-cand': c.move }, this.layerMarks);
        el('circle', { cx: p.x, cy: p.y, r: 0.44, 'fill-opacity': (0.35 + 0.5 * Math.min(1, (c.visits || 0) / best)).toFixed(2) }, g);
        const t = el('text', { x: p.x, y: p.y - 0.09, class: 'cand-text' }, g);
        t.textContent = Math.round(c.winrate * 100);
        const vt = el('text', { x: p.x, y: p.y + 0.2, class: 'cand-visits' }, g);
        vt.textContent = shortCount(c.visits || 0);
      });
    }
    const hint = model.hint ? parseVertex(size, model.hint) : null;
    if (hint) {
      el('circle', { cx: hint.x, cy: hint.y, r: 0.4, class: 'hint-mark', 'data-testid': 'hint-mark', 'data-hint': model.hint }, this.layerMarks);
    }
    const mistake = model.mistake;
    const played = mistake && mistake.played ? parseVertex(size, mistake.played) : null;
    if (played) {
      el('circle', { cx: played.x, cy: played.y, r: 0.5, class: `mistake-mark ${mistake.level}`, 'data-testid': 'mistake-mark' }, this.layerMarks);
    }
    const best = mistake && mistake.best ? parseVertex(size, mistake.best) : null;
    if (best && (model.board[best.y] || '')[best.x] === '.') {
      el('circle', { cx: best.x, cy: best.y, r: 0.36, class: `best-mark ${mistake.level}`, 'data-testid': 'best-mark', 'data-move': mistake.best }, this.layerMarks);
    }
    if (model.markup) this.drawMarkup(model.markup);
    this.drawHover();
    this.drawCursor();
  }

  // The marks of an SGF node: a shape or a label on each point, light on a black stone, dark
  // elsewhere; a label on an empty point hides the grid under it, as in printed diagrams.
  drawMarkup(markup) {
    const m = this.model;
    const size = m.size;
    const layer = this.layerMarks;
    const shapes = {
      triangle: (x, y, g) => el('path', { d: `M${x} ${y - 0.3}L${x + 0.26} ${y + 0.15}L${x - 0.26} ${y + 0.15}Z` }, g),
      square: (x, y, g) => el('rect', { x: x - 0.2, y: y - 0.2, width: 0.4, height: 0.4 }, g),
      circle: (x, y, g) => el('circle', { cx: x, cy: y, r: 0.24 }, g),
      cross: (x, y, g) => el('path', { d: `M${x - 0.2} ${y - 0.2}L${x + 0.2} ${y + 0.2}M${x + 0.2} ${y - 0.2}L${x - 0.2} ${y + 0.2}` }, g),
    };
    const tone = (p) => {
      const c = (m.board[p.y] || '')[p.x];
      return c === 'X' ? ' on-black' : c === 'O' ? ' on-white' : ' on-empty';
    };
    for (const [kind, draw] of Object.entries(shapes)) {
      for (const v of markup[kind] || []) {
        const p = parseVertex(size, v);
        if (!p) continue;
        const g = el('g', { class: `markup ${kind}${tone(p)}`, 'data-markup': kind, 'data-at': v }, layer);
        draw(p.x, p.y, g);
      }
    }
    for (const label of markup.labels || []) {
      const p = parseVertex(size, label.at);
      if (!p) continue;
      const g = el('g', { class: `markup label${tone(p)}`, 'data-markup': 'label', 'data-at': label.at }, layer);
      if ((m.board[p.y] || '')[p.x] === '.') el('circle', { cx: p.x, cy: p.y, r: 0.32, class: 'label-bg' }, g);
      const text = [...String(label.text)].slice(0, 3).join('');
      const t = el('text', { x: p.x, y: p.y, class: 'label-text' + (text.length > 1 ? ' small' : '') }, g);
      t.textContent = text;
    }
  }

  setHover(v) {
    this.hover = v;
    this.drawHover();
  }

  // Show the line of the candidate `move` (from the list beside the board), or none (null).
  showLine(move) {
    this.lineOf = move;
    this.drawHover();
  }

  setConfirmTaps(on) {
    this.confirmTaps = !!on;
    if (!on) this.clearPending();
  }

  // Forget a stone shown by a first tap (another game, or the player did something else).
  clearPending() {
    if (!this.pending) return;
    this.pending = null;
    this.drawHover();
  }

  // A tap (not a click or a key) on an empty point where the player may play, other than the
  // one already shown: show it first.
  wantsSecondTap(v, x, y) {
    const m = this.model;
    return this.confirmTaps && this.pointerType === 'touch' && this.pending !== v && !!m && !!m.preview &&
      (m.board[y] || '')[x] === '.';
  }

  // The candidate whose line is shown: the one named by showLine, else the one under the pointer.
  lineCandidate() {
    const m = this.model;
    if (!m || !m.candidates) return null;
    const want = this.lineOf || this.hover;
    return (want && m.candidates.find((c) => c.move === want && c.pv && c.pv.length)) || null;
  }

  drawHover() {
    if (!this.layerHover) return;
    this.layerHover.replaceChildren();
    const m = this.model;
    // A stone waiting for its second tap comes first: a candidate's line (from the list, under a
    // mouse left over it) must not hide the move the player is about to confirm.
    if (this.pending) {
      const q = m && m.preview && parseVertex(m.size, this.pending);
      if (q && (m.board[q.y] || '')[q.x] === '.') {
        this.svg.classList.remove('showing-line');
        const g = el('g', { class: 'pending', 'data-pending': this.pending }, this.layerHover);
        el('circle', { cx: q.x, cy: q.y, r: STONE_R, fill: m.preview === 'X' ? 'url(#stone-b)' : 'url(#stone-w)', class: 'preview' }, g);
        el('circle', { cx: q.x, cy: q.y, r: 0.13, class: 'pending-dot ' + (m.preview === 'X' ? 'on-black' : 'on-white') }, g);
        return;
      }
      this.pending = null; // played, or no longer the player's turn
    }
    const cand = this.lineCandidate();
    this.svg.classList.toggle('showing-line', !!cand);
    if (cand) {
      this.drawLine(cand);
      return;
    }
    if (!m || !m.preview || !this.hover) return;
    const p = parseVertex(m.size, this.hover);
    if (!p || (m.board[p.y] || '')[p.x] !== '.') return;
    el('circle', { cx: p.x, cy: p.y, r: 0.475, fill: m.preview === 'X' ? 'url(#stone-b)' : 'url(#stone-w)', class: 'preview' }, this.layerHover);
  }

  // A candidate's line: its moves as numbered stones, the mover's colour first, then in turn (a
  // pass takes its turn without a stone; a point played twice shows its later stone).
  drawLine(cand) {
    const m = this.model;
    let colour = m.mover === 'O' ? 'O' : 'X';
    cand.pv.forEach((v, i) => {
      const p = parseVertex(m.size, v);
      if (p) {
        const g = el('g', { class: 'pv-stone ' + (colour === 'X' ? 'black' : 'white'), 'data-pv': v, 'data-pv-n': i + 1 }, this.layerHover);
        el('circle', { cx: p.x, cy: p.y, r: STONE_R, fill: colour === 'X' ? 'url(#stone-b)' : 'url(#stone-w)' }, g);
        const t = el('text', { x: p.x, y: p.y, class: 'num ' + (colour === 'X' ? 'on-black' : 'on-white') + (i + 1 >= 100 ? ' small' : '') }, g);
        t.textContent = String(i + 1);
      }
      colour = colour === 'X' ? 'O' : 'X';
    });
  }

  drawCursor() {
    if (!this.layerCursor) return;
    this.layerCursor.replaceChildren();
    if (!this.cursor || document.activeElement !== this.svg || this.pointerFocus) return;
    const { x, y } = this.cursor;
    el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, rx: 0.12, class: 'cursor-box' }, this.layerCursor);
  }

  cursorVertex() {
    return this.cursor ? vertexName(this.size, this.cursor.x, this.cursor.y) : null;
  }

  // Arrow keys move the keyboard cursor, Enter or Space plays there (when the board was reached
  // with the keyboard).
  onKey(ev) {
    if (!this.size || this.pointerFocus || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[ev.key]) {
      const [dx, dy] = moves[ev.key];
      const c = this.cursor || { x: 0, y: 0 };
      this.cursor = {
        x: Math.min(this.size - 1, Math.max(0, c.x + dx)),
        y: Math.min(this.size - 1, Math.max(0, c.y + dy)),
      };
      this.drawCursor();
      if (this.handlers.onCursor) this.handlers.onCursor(this.cursorVertex());
      ev.preventDefault();
      ev.stopPropagation();
    } else if ((ev.key === 'Enter' || ev.key === ' ') && this.cursor) {
      if (this.handlers.onPlay) this.handlers.onPlay(this.cursorVertex());
      ev.preventDefault();
      ev.stopPropagation();
    }
  }
}
