// engine_pool.js - several engine workers that answer as one engine (root parallelism): each
// worker (engine_worker.js) holds the same game; a search runs in all of them at once, each with
// its own tree and seed, and the answers are their root statistics summed (search_merge.js).
// The page uses it as it would one EngineWorker: command, init, writeFile, stop.
//
// Commands that change the game or the engine (play, undo, loadsgf, boardsize, komi...) go to
// every worker, so that they stay in step; those that only read it (the stones, the SGF, the
// count, the dead stones) to the first one. The searches:
//   kata-genmove_analyze  every worker searches and plays its move; the move with the most summed
//                         visits among their choices is played, the workers that chose another
//                         take theirs back and play it; the info lines are the sums;
//   kata-analyze          every worker searches until the stop; the info lines are the sums;
//   tengen-review N       every worker searches N / workers playouts; the answers are merged.
// The alpha-beta player gains nothing from the same search run twice: its genmove and analysis
// run in the first worker only, and the others play the move it chose.

import { EngineWorker } from './engine_client.js';
import { chooseMove, mergeInfoLines, mergeReviewAnswers } from './search_merge.js';

// The commands that only read the engine's state: answered by the first worker.
const READS = new Set([
  'list_stones', 'showboard', 'printsgf', 'final_status_list', 'final_score', 'tengen-count',
  'kata-get-rules', 'name', 'version', 'protocol_version', 'list_commands', 'known_command',
]);
const SEARCHES = new Set(['kata-genmove_analyze', 'kata-analyze', 'tengen-review']);

export class EnginePool {
  // count workers from url (at least one).
  constructor(url, count) {
    this.workers = Array.from({ length: Math.max(1, count) }, () => new EngineWorker(url));
    this.alphaBeta = false;
    this.nextId = 1;
    this.running = new Map(); // the pool's command id -> [[worker, its id], ...]
  }

  get size() {
    return this.workers.length;
  }

  // (Re)start every worker's engine with the same limits and a seed of its own; a playout limit
  // is shared out, so that a move costs the same playouts in all as in one. { error }: the first
  // worker's error, or ''.
  async init(opts) {
    this.alphaBeta = opts.engine === 'ab';
    const n = this.workers.length;
    const playouts = opts.playouts > 0 && !this.alphaBeta ? Math.ceil(opts.playouts / n) : opts.playouts;
    const ready = await Promise.all(this.workers.map((w, i) => w.init({ ...opts, playouts, seed: i + 1 })));
    return ready.find((r) => r.error) || ready[0];
  }

  async writeFile(path, text) {
    await Promise.all(this.workers.map((w) => w.writeFile(path, text)));
  }

  // One GTP line, answered as one engine would: { ok, reply }. onProgress(lines) gets the info
  // lines of a search as it goes (the sums); onSent(id) the id that stop(id) takes.
  command(command, onProgress, onSent) {
    const id = this.nextId++;
    const word = command.trim().split(/\s+/)[0];
    const parts = [];
    this.running.set(id, parts);
    if (onSent) onSent(id);
    const send = (w, line, progress) => w.command(line, progress, (wid) => parts.push([w, wid]));
    let work;
    if (this.workers.length === 1) work = send(this.workers[0], command, onProgress);
    else if (READS.has(word)) work = send(this.workers[0], command);
    else if (!SEARCHES.has(word)) work = this.everywhere(command, send);
    else if (word === 'tengen-review') work = this.review(command, send);
    else work = this.search(command, word, onProgress, send);
    return work.finally(() => this.running.delete(id));
  }

  // "Move now", or the end of an analysis: every worker's part of command id answers at once.
  stop(id) {
    for (const [w, wid] of this.running.get(id) || []) w.stop(wid);
  }

  // A command that changes the game: every worker runs it; the first one's answer. Workers that
  // answer differently (one refused what another took) have drifted apart: an error, not a guess.
  async everywhere(command, send) {
    const answers = await Promise.all(this.workers.map((w) => send(w, command)));
    if (answers.some((a) => a.ok !== answers[0].ok)) {
      return { ...answers[0], ok: false, reply: `the engine workers disagree on "${command}"` };
    }
    return answers[0];
  }

  async review(command, send) {
    const playouts = Number(command.trim().split(/\s+/)[1]);
    const share = Number.isInteger(playouts) && playouts > 0 ? Math.ceil(playouts / this.workers.length) : playouts;
    const answers = await Promise.all(this.workers.map((w) => send(w, `tengen-review ${share}`)));
    const failed = answers.find((a) => !a.ok);
    if (failed) return failed;
    return { ...answers[0], command, reply: mergeReviewAnswers(answers.map((a) => a.reply)) };
  }

  // kata-genmove_analyze or kata-analyze in every worker (the first only for alpha-beta).
  async search(command, word, onProgress, send) {
    const searchers = this.alphaBeta ? this.workers.slice(0, 1) : this.workers;
    const latest = searchers.map(() => '');
    // Each worker's newest line is kept; the sums go out when the first worker reports, so the
    // page redraws as often as with one worker, however many there are.
    const progress = (i) => (lines) => {
      const infos = lines.filter((l) => l.startsWith('info'));
      if (!infos.length) return;
      latest[i] = infos[infos.length - 1];
      const merged = i === 0 ? mergeInfoLines(latest) : '';
      if (merged && onProgress) onProgress([merged]);
    };
    const answers = await Promise.all(searchers.map((w, i) => send(w, command, progress(i))));
    const failed = answers.find((a) => !a.ok);
    if (failed) return failed;
    const lastInfo = (reply) => reply.split('\n').filter((l) => l.startsWith('info')).pop() || '';
    const merged = mergeInfoLines(answers.map((a) => lastInfo(a.reply)));
    if (word === 'kata-analyze') return { ...answers[0], reply: merged };
    const choices = answers.map((a) => ((a.reply.split('\n').find((l) => l.startsWith('play ')) || 'play pass').slice(5).trim()));
    const move = chooseMove(choices, merged);
    await this.follow(command, move, choices);
    return { ...answers[0], reply: `${merged ? merged + '\n' : ''}play ${move}` };
  }

  // After a genmove: every worker plays `move` (the chosen one) instead of its own choice.
  async follow(command, move, choices) {
    const colour = command.trim().split(/\s+/)[1];
    await Promise.all(this.workers.map(async (w, i) => {
      const mine = i < choices.length ? choices[i] : null;
      if (mine !== null && mine.toUpperCase() === move.toUpperCase()) return;
      if (mine !== null) await w.command('undo');
      if (move.toLowerCase() !== 'resign') {
        const r = await w.command(`play ${colour} ${move}`);
        if (!r.ok) throw new Error(`an engine worker cannot follow ${move}: ${r.reply}`);
      }
    }));
  }
}
