// games.js - the Saved games dialog: every game on the server (GET /api/games), described in
// words, to resume or delete.

import { api } from './api.js';
import { rulesLabel } from './position.js';

const COLOUR_NAME = { black: 'Black', white: 'White' };

// A game summary of GET /api/games as a title and a line of detail.
export function describeGame(s) {
  const you = s.human ? `you: ${COLOUR_NAME[s.human]}` : '';
  let detail;
  if (s.phase === 'over') detail = s.result_text || s.result;
  else if (s.phase === 'scoring') detail = 'counting';
  else if (s.setup_stones && s.move_number === 0) detail = `setup: ${s.setup_stones} stones, 0 moves, ${COLOUR_NAME[s.to_move]} to play`;
  else detail = `move ${s.move_number}, ${COLOUR_NAME[s.to_move]} to play`;
  // An imported game's players, from its file (the list inserts titles as text).
  const names = s.players ? `${s.players.black || 'Black'} – ${s.players.white || 'White'} · ` : '';
  return { title: `${names}${s.size}×${s.size} · ${rulesLabel(s.rules)} · ${you}`, detail };
}

function item(text) {
  const li = document.createElement('li');
  li.textContent = text;
  return li;
}

function button(text, cls, label, testid, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = text;
  b.setAttribute('aria-label', label);
  b.dataset.testid = testid;
  b.addEventListener('click', onClick);
  return b;
}

// Open (or refresh) the dialog with the list. opts: { currentId, resume(id), deleted(id),
// explain(err) -> sentence }.
export async function showSavedGames(dialog, list, opts) {
  list.replaceChildren(item('Loading…'));
  if (!dialog.open) dialog.showModal();
  let games;
  try {
    ({ games } = await api.listGames());
  } catch (err) {
    list.replaceChildren(item(opts.explain(err)));
    return;
  }
  list.replaceChildren();
  if (!games.length) list.appendChild(item('No saved games yet.'));
  for (const s of games) {
    const li = document.createElement('li');
    li.dataset.gameId = s.id;
    if (s.id === opts.currentId) li.className = 'current';
    const d = describeGame(s);
    const desc = document.createElement('div');
    desc.className = 'desc';
    desc.textContent = d.title;
    const small = document.createElement('small');
    const when = s.updated ? new Date(s.updated).toLocaleString() : '';
    small.textContent = `${d.detail}${when ? ' · ' + when : ''}`;
    desc.appendChild(small);
    const verb = s.phase === 'over' ? 'Open' : 'Resume';
    const resume = button(verb, 'primary', `${verb} game ${d.title}, ${d.detail}`, 'resume-game', () => {
      dialog.close();
      opts.resume(s.id);
    });
    const del = button('Delete', 'danger', `Delete game ${d.title}, ${d.detail}`, 'delete-game', async () => {
      if (!confirm('Delete this game for good?')) return;
      try {
        await api.deleteGame(s.id);
        opts.deleted(s.id);
        showSavedGames(dialog, list, { ...opts, currentId: opts.currentId === s.id ? null : opts.currentId });
      } catch (err) {
        li.appendChild(item(opts.explain(err)));
      }
    });
    li.append(desc, resume, del);
    list.appendChild(li);
  }
}
