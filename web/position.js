// position.js - pure helpers on the game state of the API (docs/web.md): strings of stones, a
// territory preview for disputed dead stones, move numbers, ownership and rule names. No DOM, no
// server.

import { parseVertex, vertexName } from './board.js';

// The vertices of the string (stones of one colour, connected) at p = {x, y} of g's board.
export function stringAt(g, p) {
  const c = g.board[p.y][p.x];
  const seen = new Set();
  const stack = [p];
  const out = [];
  while (stack.length) {
    const q = stack.pop();
    const key = q.y * g.size + q.x;
    if (seen.has(key)) continue;
    seen.add(key);
    if (g.board[q.y][q.x] !== c) continue;
    out.push(vertexName(g.size, q.x, q.y));
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const x = q.x + dx;
      const y = q.y + dy;
      if (x >= 0 && y >= 0 && x < g.size && y < g.size) stack.push({ x, y });
    }
  }
  return out;
}

// Whether two Sets hold the same elements.
export function sameSet(a, b) {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

// Territory for shading when the player changed the dead stones: regions of empty points and
// dead stones that reach stones of one colour only (seki is the server's job: this is a preview).
export function localTerritory(g, dead) {
  const size = g.size;
  const at = (x, y) => {
    const c = g.board[y][x];
    if (c === '.' || dead.has(vertexName(size, x, y))) return '.';
    return c;
  };
  const mark = new Array(size * size).fill(null);
  const black = [];
  const white = [];
  for (let y0 = 0; y0 < size; y0++) {
    for (let x0 = 0; x0 < size; x0++) {
      if (mark[y0 * size + x0] !== null || at(x0, y0) !== '.') continue;
      const region = [];
      let reachB = false;
      let reachW = false;
      const stack = [[x0, y0]];
      mark[y0 * size + x0] = true;
      while (stack.length) {
        const [x, y] = stack.pop();
        region.push(vertexName(size, x, y));
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
          const c = at(nx, ny);
          if (c === 'X') reachB = true;
          else if (c === 'O') reachW = true;
          else if (mark[ny * size + nx] === null) {
            mark[ny * size + nx] = true;
            stack.push([nx, ny]);
          }
        }
      }
      if (reachB && !reachW) black.push(...region);
      else if (reachW && !reachB) white.push(...region);
    }
  }
  return { black, white };
}

// The territory rows of g.scoring ('B', 'W', '.') as lists of vertices, or null.
export function serverTerritory(g) {
  const rows = g.scoring && g.scoring.territory;
  if (!rows) return null;
  const black = [];
  const white = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] === 'B') black.push(vertexName(g.size, x, y));
      else if (row[x] === 'W') white.push(vertexName(g.size, x, y));
    }
  });
  return { black, white };
}

// Vertex -> number (1-based) of the last move played there.
export function moveNumbers(moves, size) {
  const numbers = new Map();
  moves.forEach((m, i) => {
    if (m !== 'pass' && m !== 'resign' && parseVertex(size, m)) numbers.set(m.toUpperCase(), i + 1);
  });
  return numbers;
}

// The ownership rows of an analysis event as one row-major array (null if malformed).
export function ownershipArray(rows, size) {
  if (!rows || rows.length !== size) return null;
  const out = new Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) out[y * size + x] = rows[y][x];
  return out;
}

// The name of a rules preset for people.
export function rulesLabel(r) {
  const names = { chinese: 'Chinese', japanese: 'Japanese', korean: 'Korean', aga: 'AGA', 'new-zealand': 'New Zealand', 'tromp-taylor': 'Tromp-Taylor', 'atari-go': 'Atari Go' };
  return names[r] || r;
}
