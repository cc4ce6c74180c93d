// engine_client.js - the page's side of engine_worker.js: GTP commands as promises (with the
// info lines of a search as they come), the engine's start, files for loadsgf, and stop.

export class EngineWorker {
  constructor(url) {
    this.worker = new Worker(url);
    this.nextId = 1;
    this.waiting = new Map(); // id -> { resolve, reject, onProgress }
    this.worker.onmessage = (e) => this.receive(e.data || {});
    this.worker.onerror = (e) => this.failAll(e.message || 'the engine failed to load');
  }

  receive(msg) {
    if (msg.type === 'log') return;
    const w = this.waiting.get(msg.id);
    if (msg.type === 'progress') {
      if (w && w.onProgress) w.onProgress(msg.lines);
      return;
    }
    if (msg.type === 'error' && msg.id === undefined) {
      this.failAll(msg.error);
      return;
    }
    if (!w) return;
    this.waiting.delete(msg.id);
    if (msg.type === 'error') w.reject(new Error(msg.error));
    else w.resolve(msg);
  }

  failAll(why) {
    for (const w of this.waiting.values()) w.reject(new Error('tengen in the browser: ' + why));
    this.waiting.clear();
  }

  send(msg, onProgress, onSent) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ ...msg, id });
      if (onSent) onSent(id);
    });
  }

  // One GTP line: { ok, reply }. onProgress(lines) gets the answer's lines while it runs;
  // onSent(id) the id that stop(id) takes.
  command(command, onProgress, onSent) {
    return this.send({ type: 'gtp', command }, onProgress, onSent);
  }

  // (Re)start the engine with these limits per move: { error } ('' when it started).
  init(opts) {
    return this.send({ type: 'init', ...opts });
  }

  async writeFile(path, text) {
    const r = await this.send({ type: 'file', path, text });
    if (!r.ok) throw new Error(`cannot write ${path}: ${r.error}`);
  }

  // "Move now", or the end of an analysis: the command of that id, if it runs, answers at once.
  stop(id) {
    this.worker.postMessage({ type: 'stop', id });
  }
}
