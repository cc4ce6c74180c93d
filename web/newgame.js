// newgame.js - the New game dialog: size, rules, komi, handicap, colour, tengen's engine (Monte
// Carlo, or alpha-beta for Atari Go and small boards), strength and the clock (none, a preset, or
// custom fields), checked against the ranges of the API (docs/web.md) before anything is sent.
// The last choices are remembered in localStorage.

import { inBrowser } from './api.js';
import { CLOCK_PRESETS, clockLabel } from './clock.js';

const STORE = 'tengen.newGame';
// Each preset's komi (docs/rules.md); with a handicap the API's default is 0.5.
const PRESET_KOMI = {
  chinese: 7.5, japanese: 6.5, korean: 6.5, aga: 7.5, 'new-zealand': 7, 'tromp-taylor': 7.5, 'atari-go': 0,
};
const STRENGTH_SECONDS = { 200000: 30 };
// Alpha-beta is offered for Atari Go on every size and for Go up to this size: on larger boards
// its area evaluation plays far below the Monte Carlo search.
export const ALPHA_BETA_MAX_SIZE = 9;
const ENGINE_HINT = {
  mcts: 'Monte Carlo: plays thousands of quick random games from the position and picks the move that wins most of them.',
  ab: 'Alpha-beta: reads every line a few moves ahead (minimax) and judges the ends by liberties; sharp in Atari Go fights. Its strength counts positions read, not playouts.',
};

// Can the alpha-beta engine be chosen for these rules and size?
export function alphaBetaOffered(rules, size) {
  return rules === 'atari-go' || size <= ALPHA_BETA_MAX_SIZE;
}

// The handicap stones the API accepts on a board: none below 7x7, up to 4 on 7x7 and even
// sizes, up to 9 on odd sizes from 9x9.
export function maxHandicap(size) {
  if (size < 7) return 0;
  if (size === 7 || size % 2 === 0) return 4;
  return 9;
}

// dialog: the <dialog> of index.html; start(opts): creates the game (throws with a message).
export function setupNewGameDialog(dialog, start) {
  const f = (id) => dialog.querySelector('#' + id);
  const form = f('form-new');
  const size = f('f-size');
  const rules = f('f-rules');
  const komi = f('f-komi');
  const handicap = f('f-handicap');
  const colour = f('f-colour');
  const engine = f('f-engine');
  const engineHint = f('f-engine-hint');
  const strength = f('f-strength');
  const playouts = f('f-playouts');
  const seconds = f('f-seconds');
  const clock = f('f-clock');
  const clockType = f('f-clock-type');
  const clockMain = f('f-clock-main');
  const clockPeriods = f('f-clock-periods');
  const clockStones = f('f-clock-stones');
  const clockPeriod = f('f-clock-period');
  const clockIncrement = f('f-clock-increment');
  f('f-clock-wrap').hidden = inBrowser;
  const error = f('f-error');
  const hint = f('f-hint');
  const presets = [...dialog.querySelectorAll('input[name="size-preset"]')];

  function fillHandicap() {
    const n = Math.max(5, Math.min(25, Number(size.value) || 9));
    const keep = Number(handicap.value) || 0;
    handicap.replaceChildren();
    const max = maxHandicap(n);
    const add = (v, label) => {
      const o = document.createElement('option');
      o.value = String(v);
      o.textContent = label;
      handicap.appendChild(o);
    };
    add(0, 'None');
    for (let h = 2; h <= max; h++) add(h, `${h} stones`);
    handicap.value = String(keep <= max ? keep : 0);
    handicap.disabled = max === 0;
  }

  function syncPreset() {
    const v = String(Number(size.value));
    const match = presets.find((p) => p.value === v);
    (match || presets.find((p) => p.value === 'other')).checked = true;
  }

  function defaultKomi() {
    if (rules.value === 'atari-go') return 0;
    if (Number(handicap.value) > 0) return 0.5;
    return PRESET_KOMI[rules.value] ?? 7.5;
  }

  function syncStrength() {
    const custom = strength.value === 'custom';
    f('f-playouts-wrap').hidden = !custom;
    f('f-seconds-wrap').hidden = !custom;
  }

  // Alpha-beta only where it is offered; elsewhere the choice falls back to Monte Carlo.
  function syncEngine() {
    const n = Number(size.value) || 9;
    const offered = alphaBetaOffered(rules.value, n);
    engine.querySelector('option[value="ab"]').disabled = !offered;
    if (!offered) engine.value = 'mcts';
    engineHint.textContent = ENGINE_HINT[engine.value] || '';
  }

  // The custom clock's fields: those of its type only.
  function syncClock() {
    const custom = !inBrowser && clock.value === 'custom';
    const type = clockType.value;
    f('f-clock-type-wrap').hidden = !custom;
    f('f-clock-main-wrap').hidden = !custom;
    f('f-clock-periods-wrap').hidden = !custom || type !== 'byoyomi';
    f('f-clock-stones-wrap').hidden = !custom || type !== 'canadian';
    f('f-clock-period-wrap').hidden = !custom || (type !== 'byoyomi' && type !== 'canadian');
    f('f-clock-increment-wrap').hidden = !custom || type !== 'fischer';
    f('f-clock-period-wrap').firstChild.textContent = type === 'canadian' ? 'Period for those moves (seconds)' : 'Period (seconds)';
    const preset = CLOCK_PRESETS[clock.value];
    f('f-clock-hint').textContent = clock.value === 'none'
      ? 'No time limit.'
      : `${preset ? clockLabel(preset) + ' for each side. ' : ''}tengen plays on the same clock; running out of time loses the game.`;
  }

  // The chosen clock as the API's `clock` (null: none), or a sentence about a bad field.
  function clockOption() {
    if (inBrowser) return { clock: null }; // the engine in the browser keeps no clock
    if (clock.value !== 'custom') return { clock: CLOCK_PRESETS[clock.value] || null };
    const type = clockType.value;
    const minutes = Number(clockMain.value);
    const overtime = type === 'byoyomi' || type === 'canadian';
    if (clockMain.value === '' || !Number.isFinite(minutes) || minutes < (overtime ? 0 : 1 / 60) || minutes > 1440) {
      return { bad: `The main time must be from ${overtime ? '0' : '0.02 (a second)'} to 1440 minutes.`, field: clockMain };
    }
    const c = { type, main: Math.round(minutes * 60 * 1000) / 1000 };
    if (type === 'byoyomi') {
      const n = Number(clockPeriods.value);
      if (!Number.isInteger(n) || n < 1 || n > 100) return { bad: 'Byo-yomi periods must be a whole number from 1 to 100.', field: clockPeriods };
      c.periods = n;
    }
    if (type === 'canadian') {
      const n = Number(clockStones.value);
      if (!Number.isInteger(n) || n < 1 || n > 1000) return { bad: 'Moves per period must be a whole number from 1 to 1000.', field: clockStones };
      c.stones = n;
    }
    if (overtime) {
      const p = Number(clockPeriod.value);
      if (clockPeriod.value === '' || !Number.isFinite(p) || p < 1 || p > 3600) return { bad: 'The period must be from 1 to 3600 seconds.', field: clockPeriod };
      c.period = p;
    }
    if (type === 'fischer') {
      const inc = Number(clockIncrement.value);
      if (clockIncrement.value === '' || !Number.isFinite(inc) || inc < 0 || inc > 3600) return { bad: 'The time added per move must be from 0 to 3600 seconds.', field: clockIncrement };
      c.increment = inc;
    }
    return { clock: c };
  }

  function syncHint() {
    const ai = colour.value === 'black' ? 'White' : 'Black';
    const h = Number(handicap.value) || 0;
    let s = `tengen plays ${ai}.`;
    if (h > 0) s += ` Black gets ${h} stones and White moves first.`;
    else if (colour.value === 'white') s += ' tengen moves first.';
    if (rules.value === 'atari-go') s += ' Atari Go: the first capture wins.';
    hint.textContent = s;
  }

  presets.forEach((p) => p.addEventListener('change', () => {
    if (p.value !== 'other') size.value = p.value;
    else size.focus();
    fillHandicap();
    syncEngine();
    syncHint();
  }));
  size.addEventListener('input', () => {
    syncPreset();
    fillHandicap();
    syncEngine();
  });
  rules.addEventListener('change', () => {
    komi.value = defaultKomi();
    syncEngine();
    syncHint();
  });
  engine.addEventListener('change', syncEngine);
  handicap.addEventListener('change', () => {
    komi.value = defaultKomi();
    syncHint();
  });
  colour.addEventListener('change', syncHint);
  clock.addEventListener('change', syncClock);
  clockType.addEventListener('change', syncClock);
  strength.addEventListener('change', () => {
    if (strength.value !== 'custom') {
      playouts.value = strength.value;
      seconds.value = STRENGTH_SECONDS[strength.value] || 10;
    }
    syncStrength();
  });
  f('f-cancel').addEventListener('click', () => dialog.close());

  function fail(msg, field) {
    error.textContent = msg;
    error.hidden = false;
    if (field) field.focus();
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    const n = Number(size.value);
    if (!Number.isInteger(n) || n < 5 || n > 25) return fail('The board size must be a whole number from 5 to 25.', size);
    const k = Number(komi.value);
    if (komi.value === '' || !Number.isFinite(k) || k < -150 || k > 150) return fail('Komi must be a number from -150 to 150.', komi);
    const opts = {
      size: n,
      komi: k,
      rules: rules.value,
      handicap: Number(handicap.value) || 0,
      human: colour.value,
      engine: alphaBetaOffered(rules.value, n) ? engine.value : 'mcts',
    };
    let p = Number(strength.value);
    let s = STRENGTH_SECONDS[strength.value] || 10;
    if (strength.value === 'custom') {
      p = Number(playouts.value);
      s = Number(seconds.value);
      if (!Number.isInteger(p) || p < 0 || p > 1000000) return fail('Playouts must be a whole number from 0 to 1,000,000.', playouts);
      if (!Number.isFinite(s) || s < 0.1 || s > 120) return fail('The longest think must be from 0.1 to 120 seconds.', seconds);
    }
    opts.playouts = p;
    opts.seconds = s;
    const chosen = clockOption();
    if (chosen.bad) return fail(chosen.bad, chosen.field);
    if (chosen.clock) opts.clock = chosen.clock;
    try {
      localStorage.setItem(STORE, JSON.stringify({
        ...opts,
        strength: strength.value,
        clockChoice: clock.value,
        customClock: clock.value === 'custom' ? chosen.clock : undefined,
      }));
    } catch (e) {
      /* not remembered, no harm */
    }
    const button = f('f-start');
    button.disabled = true;
    try {
      await start(opts);
      dialog.close();
    } catch (err) {
      fail(err && err.message ? err.message : String(err));
    } finally {
      button.disabled = false;
    }
  });

  function restore() {
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(STORE) || 'null');
    } catch (e) {
      saved = null;
    }
    if (!saved) return;
    if (saved.size) size.value = saved.size;
    if (saved.rules) rules.value = saved.rules;
    fillHandicap();
    if (saved.handicap != null) handicap.value = String(saved.handicap);
    if (saved.komi != null) komi.value = saved.komi;
    if (saved.human) colour.value = saved.human;
    if (saved.engine) engine.value = saved.engine;
    if (saved.strength) strength.value = saved.strength;
    if (saved.playouts != null) playouts.value = saved.playouts;
    if (saved.seconds != null) seconds.value = saved.seconds;
    if (saved.clockChoice && clock.querySelector(`option[value="${saved.clockChoice}"]`)) clock.value = saved.clockChoice;
    const c = saved.customClock;
    if (c && typeof c === 'object') {
      if (c.type) clockType.value = c.type;
      if (c.main != null) clockMain.value = c.main / 60;
      if (c.periods != null) clockPeriods.value = c.periods;
      if (c.stones != null) clockStones.value = c.stones;
      if (c.period != null) clockPeriod.value = c.period;
      if (c.increment != null) clockIncrement.value = c.increment;
    }
  }

  restore();
  fillHandicap();
  syncPreset();
  syncStrength();
  syncEngine();
  syncHint();
  syncClock();

  return {
    open() {
      error.hidden = true;
      if (!dialog.open) dialog.showModal();
      f('f-start').focus();
    },
  };
}
