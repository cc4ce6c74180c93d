// tree.js - the game tree beside the board (docs/web.md, "The game tree"): the server's nodes
// kept in the page, the main line and its variations drawn as a compact graph (one column per
// move number, one row per branch, as KaTrain and Sabaki draw theirs), the current node ringed;
// a click on a node goes there. The navigation itself (review of the main line, positions of
// variations, trying moves) is app.js's.

import { api } from './api.js';

const NS = 'http://www.w3.org/2000/svg';
const STEP = 22; // pixels between two columns and two rows
const R = 7; // a node's radius

// The tree of the game shown: its nodes by id, each node's children in order (the main line
// first), and what it was fetched for (a new state with other moves or another update fetches
// it again).
export const tree = { gameId: null, key: null, nodes: [], byId: new Map(), kids: new Map(), main: [] };

function keyOf(g) {
  return `${g.id} ${g.move_number} ${g.updated}`;
}

// Take a tree answer (GET .../tree, or the answer of a change) for game g.
export function setTree(g, answer) {
  tree.gameId = g.id;
  tree.key = keyOf(g);
  tree.nodes = answer.nodes;
  tree.byId = new Map(answer.nodes.map((n) => [n.id, n]));
  tree.kids = new Map();
  tree.main = [];
  for (const n of answer.nodes) {
    if (n.main) tree.main[n.number] = n.id;
    if (n.parent === null) continue;
    if (!tree.kids.has(n.parent)) tree.kids.set(n.parent, []);
    tree.kids.get(n.parent).push(n.id);
  }
}

// Fetch the tree of g unless the one kept is already its own. Resolves true when it changed.
let loading = null;
export async function refreshTree(g) {
  if (!g) return false;
  const key = keyOf(g);
  if (tree.key === key) return false;
  if (loading === key) return false;
  loading = key;
  try {
    const answer = await api.tree(g.id);
    if (loading !== key) return false; // a newer state asked again meanwhile
    setTree(g, answer);
    return true;
  } finally {
    if (loading === key) loading = null;
  }
}

export const nodeOf = (id) => tree.byId.get(id) || null;
export const childrenOf = (id) => tree.kids.get(id) || [];
export const mainNodeAt = (n) => (tree.main[n] === undefined ? null : tree.main[n]);

// The moves from the root to a node, as vertices (for move numbers on the board).
export function movesTo(id) {
  const moves = [];
  for (let n = nodeOf(id); n; n = nodeOf(n.parent)) if (n.move) moves.push(n.move);
  return moves.reverse();
}

// Rows: the main line is row 0; a branch takes the first row below its parent's that is free
// over all the columns of its line (its chain of first children), so short branches stay close
// to where they start. Branches are placed in preorder, the main line first.
function layout() {
  const pos = new Map();
  const root = tree.nodes.find((n) => n.parent === null);
  if (!root) return { pos, rows: 0, cols: 0 };
  const free = []; // free[col]: the first row not taken at that column
  let rows = 0, cols = 0;
  const stack = [[root.id, 0, 0]];
  while (stack.length) {
    const [start, col, parentRow] = stack.pop();
    const line = [start];
    for (let k = childrenOf(start)[0]; k !== undefined; k = childrenOf(k)[0]) line.push(k);
    let row = start === root.id ? 0 : parentRow + 1;
    for (let c = col; c < col + line.length; c++) row = Math.max(row, free[c] || 0);
    line.forEach((id, k) => {
      pos.set(id, { col: col + k, row });
      free[col + k] = row + 1;
    });
    rows = Math.max(rows, row + 1);
    cols = Math.max(cols, col + line.length);
    // The other children of the line's nodes start branches: the last pushed first comes out first.
    for (let k = line.length - 1; k >= 0; k--) {
      const kids = childrenOf(line[k]);
      for (let i = kids.length - 1; i >= 1; i--) stack.push([kids[i], col + k + 1, row]);
    }
  }
  return { pos, rows, cols };
}

function label(n) {
  const what = n.move ? `${n.color === 'black' ? 'Black' : 'White'} ${n.move}` : n.parent === null ? 'Start' : 'Setup';
  const where = n.main ? 'main line' : 'variation';
  return `Move ${n.number}: ${what} (${where})${n.comment ? ', has a comment' : ''}`;
}

// Draw the tree into the element `box`, ringing node `current`; onPick(id) on a click.
export function renderTree(box, current, onPick) {
  box.replaceChildren();
  if (!tree.nodes.length) return;
  const { pos, rows, cols } = layout();
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('width', String(cols * STEP + STEP));
  svg.setAttribute('height', String(rows * STEP + 6));
  svg.setAttribute('role', 'tree');
  svg.setAttribute('aria-label', 'Game tree');
  const mk = (name, attrs, parent = svg) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    parent.appendChild(e);
    return e;
  };
  const X = (p) => STEP / 2 + p.col * STEP + 2;
  const Y = (p) => STEP / 2 + p.row * STEP + 2;
  for (const n of tree.nodes) {
    if (n.parent === null) continue;
    const a = pos.get(n.parent), b = pos.get(n.id);
    mk('line', { x1: X(a), y1: Y(a), x2: X(b), y2: Y(b), class: 'edge' + (n.main ? ' main' : '') });
  }
  let currentEl = null;
  for (const n of tree.nodes) {
    const p = pos.get(n.id);
    const g = mk('g', {
      class: 'node' + (n.id === current ? ' current' : '') + (n.comment ? ' commented' : ''),
      'data-node': n.id,
      'data-testid': 'tree-node',
      role: 'treeitem',
      tabindex: -1,
      'aria-label': label(n),
      'aria-current': n.id === current ? 'true' : 'false',
    });
    mk('title', {}, g).textContent = label(n) + (n.comment ? `\n${n.comment.slice(0, 200)}` : '');
    if (n.id === current) mk('circle', { cx: X(p), cy: Y(p), r: R + 3, class: 'ring' }, g);
    if (n.color) mk('circle', { cx: X(p), cy: Y(p), r: R, class: n.color }, g);
    else mk('rect', { x: X(p) - R + 1, y: Y(p) - R + 1, width: 2 * R - 2, height: 2 * R - 2, class: 'empty' }, g);
    if (n.comment) mk('circle', { cx: X(p) + R - 1, cy: Y(p) - R + 1, r: 2.5, class: 'dot' }, g);
    g.addEventListener('click', () => onPick(n.id));
    if (n.id === current) currentEl = p;
  }
  box.appendChild(svg);
  if (currentEl) {
    // Keep the current node in view.
    const x = X(currentEl), y = Y(currentEl);
    if (x < box.scrollLeft + STEP || x > box.scrollLeft + box.clientWidth - STEP) box.scrollLeft = x - box.clientWidth / 2;
    if (y < box.scrollTop + STEP || y > box.scrollTop + box.clientHeight - STEP) box.scrollTop = y - box.clientHeight / 2;
  }
}
