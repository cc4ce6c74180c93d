// engine_worker.js - tengen in the browser: a Web Worker that runs the WebAssembly engine
// (tengen.js and tengen.wasm, built by `make wasm` beside this file) and speaks GTP with the page.
//
// Messages to the worker:
//   {type: 'init', model, playouts, seconds, memoryMb, engine, seed}  (re)start the engine; model is
//       the URL of the move model (relative to this file; null for none); playouts and seconds
//       limit each move (0: no such limit; both 0: the engine's default time); engine 'ab' plays
//       with the alpha-beta search (playouts then count positions), else the Monte Carlo search. Answer: {type: 'ready', model,
//       error}. Without an init the first command starts the engine with the shipped model.
//       keepModel: true keeps the model loaded before (no fetch) and only restarts the engine.
//       seed (1 or more) seeds the search's random numbers: workers searching the same position
//       side by side (engine_pool.js) are given different seeds.
//   {type: 'file', id, path, text}  write a file of the in-memory file system (an SGF for
//       loadsgf). Answer: {type: 'file', id, ok, error}.
//   {type: 'gtp', id, command} or {command}  one GTP command line. Answer: {type: 'reply', id,
//       command, reply, ok}, reply being the GTP answer without its "= " or "? " and blank line.
//       While the command runs, the lines of its answer written so far come as {type: 'progress',
//       id, command, lines} about every PROGRESS_MS: the info lines of kata-analyze (which here
//       searches until a stop) and of kata-genmove_analyze, as the search goes.
//   {type: 'stop', id}  "move now": the command in progress (genmove, or a count judging dead
//       stones, or kata-analyze) ends its search and answers with what it found; with an id,
//       only if that command is the one in progress. No answer of its own.
//   {type: 'bench', size, seconds}  light playouts from the empty board. Answer: {type: 'bench',
//       playoutsPerSecond}.
// From the worker, besides the answers: {type: 'log', text}, a line of the engine's log (what the
// native front ends write on stderr: each genmove's move, win rate and playouts/s), and
// {type: 'error', id, error} when the engine cannot load or a message fails.
// Commands run one at a time, in order; a stop applies to the one running.
//
// The build has one thread and no shared memory, so the worker cannot read a stop flag while
// WebAssembly runs. The search returns to this worker's event loop about every 0.1 s (Asyncify,
// src/wasm/wasm_api.c): the call is then a pending promise, a stop message is handled at once, and
// the search ends at its next poll.
'use strict';

const queue = [];
let busy = false;
let running = null; // the message being handled
let started = false; // the engine exists (after an init or the first command)
let aborted = ''; // why the engine stopped for good (a failed check aborts the WebAssembly)
let loaded; // resolves when the runtime is up
let modelLoaded = false;
const PROGRESS_MS = 250;

loaded = new Promise((resolve, reject) => {
  self.Module = {
    locateFile: (path) => new URL(path, self.location.href).href,
    onRuntimeInitialized: resolve,
    onAbort: (what) => {
      aborted = String(what);
      // During a command its call may never return: tell the page now.
      self.postMessage({type: 'error', error: 'the engine stopped: ' + aborted});
      reject(new Error('tengen.wasm failed to load: ' + what));
    },
    print: (text) => self.postMessage({type: 'log', text}),
    printErr: (text) => self.postMessage({type: 'log', text}),
  };
  try {
    importScripts('tengen.js');
  } catch (e) {
    reject(new Error('tengen.js failed to load: ' + e.message));
  }
});

// Fetch the model into the in-memory file system and load it; returns an error text or ''.
async function loadModel(url) {
  if (!url) {
    Module.ccall('tengen_wasm_load_model', 'number', ['string'], ['']);
    return '';
  }
  let bytes;
  try {
    const response = await fetch(new URL(url, self.location.href));
    if (!response.ok) return `cannot fetch the move model ${url}: HTTP ${response.status}`;
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    return `cannot fetch the move model ${url}: ${e.message}`;
  }
  Module.FS.writeFile('/tengen.model', bytes);
  const ok = Module.ccall('tengen_wasm_load_model', 'number', ['string'], ['/tengen.model']);
  Module.FS.unlink('/tengen.model'); // the model is parsed; the copy would only hold memory
  return ok ? '' : Module.ccall('tengen_wasm_error', 'string', [], []);
}

async function init(msg) {
  const modelUrl = msg.model === undefined ? 'tengen.model' : msg.model;
  const keep = msg.keepModel && modelLoaded;
  const modelError = keep ? '' : await loadModel(modelUrl);
  if (!keep) modelLoaded = !!modelUrl && !modelError;
  const ok = Module.ccall('tengen_wasm_start', 'number', ['number', 'number', 'number', 'number', 'number'],
    [msg.playouts || 0, msg.seconds || 0, msg.memoryMb || 0, msg.engine === 'ab' ? 1 : 0, msg.seed || 0]);
  started = ok === 1;
  const error = ok ? modelError : Module.ccall('tengen_wasm_error', 'string', [], []);
  return {type: 'ready', model: modelLoaded, error};
}

// The running command's answer from byte `from` on. Called while that command is paused in a
// poll, where ccall would take the call for the paused one's async return: the export is called
// directly and its ASCII text read from the heap.
function outputFrom(from) {
  const at = Module._tengen_wasm_output(from);
  const heap = Module.HEAPU8;
  let end = at;
  while (heap[end]) end++;
  let text = '';
  for (let i = at; i < end; i += 8192) text += String.fromCharCode(...heap.subarray(i, Math.min(end, i + 8192)));
  return text;
}

async function gtp(msg) {
  if (!started) {
    const ready = await init({});
    if (ready.error) self.postMessage({type: 'log', text: 'tengen: ' + ready.error});
  }
  const command = String(msg.command);
  // One line only: a line break would end the command early and run the rest unanswered.
  if (/[\r\n]/.test(command)) {
    return {type: 'reply', id: msg.id, command, ok: false, reply: 'one command per message'};
  }
  // The answer so far is read while the search is paused in a poll; only whole lines go out.
  let sent = 0;
  const progress = setInterval(() => {
    const more = outputFrom(sent);
    const end = more.lastIndexOf('\n');
    if (end < 0) return;
    sent += end + 1;
    const lines = more.slice(0, end).split('\n').filter((l) => l && !/^=\d*$/.test(l));
    if (lines.length) self.postMessage({type: 'progress', id: msg.id, command, lines});
  }, PROGRESS_MS);
  let text;
  try {
    text = await Module.ccall('tengen_wasm_gtp', 'string', ['string'], [command],
      {async: true});
  } finally {
    clearInterval(progress);
  }
  // "=id answer\n\n" or "?id message\n\n"; "" for an empty line or a comment.
  const ok = !text.startsWith('?');
  const reply = text.replace(/^[=?]\d*\s?/, '').replace(/\n+$/, '');
  return {type: 'reply', id: msg.id, command, ok, reply};
}

async function handle(msg) {
  switch (msg.type || 'gtp') {
  case 'init':
    return init(msg);
  case 'gtp':
    return gtp(msg);
  case 'file':
    try {
      Module.FS.writeFile(String(msg.path), String(msg.text));
      return {type: 'file', id: msg.id, ok: true};
    } catch (e) {
      return {type: 'file', id: msg.id, ok: false, error: String(e && e.message || e)};
    }
  case 'bench':
    return {type: 'bench', playoutsPerSecond: Module.ccall('tengen_wasm_bench_light', 'number',
      ['number', 'number'], [msg.size || 9, msg.seconds || 3])};
  default:
    return {type: 'error', id: msg.id, error: `unknown message type '${msg.type}'`};
  }
}

async function drain() {
  if (busy) return;
  busy = true;
  try {
    await loaded;
  } catch (e) {
    queue.length = 0;
    busy = false;
    self.postMessage({type: 'error', error: e.message});
    return;
  }
  while (queue.length) {
    const msg = queue.shift();
    running = msg;
    try {
      const answer = await handle(msg);
      // Every answer carries the id of its message, for a page that waits on several at once.
      if (answer.id === undefined && msg.id !== undefined) answer.id = msg.id;
      self.postMessage(answer);
    } catch (e) {
      self.postMessage({type: 'error', id: msg.id, error: String(e && e.message || e)});
    }
  }
  running = null;
  busy = false;
}

self.onmessage = (event) => {
  const msg = event.data || {};
  if (aborted) {
    self.postMessage({type: 'error', id: msg.id, error: 'the engine stopped: ' + aborted});
    return;
  }
  if (msg.type === 'stop') {
    // Only while the runtime is up; a stop with nothing running is harmless. With an id, only
    // that command is stopped (a stop repeated until its search ends never reaches the next).
    const mine = msg.id === undefined || (running && running.id === msg.id);
    if (self.Module && Module._tengen_wasm_stop && busy && mine) Module._tengen_wasm_stop();
    return;
  }
  queue.push(msg);
  drain();
};
