// game_store.js - the games of the browser back end kept in IndexedDB (one object per game, by
// its id), so that they survive a reload; in memory only where IndexedDB is not available.

const DB = 'tengen';
const STORE = 'games';

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

export class GameStore {
  constructor() {
    this.memory = new Map();
    this.db = null;
    if (typeof indexedDB !== 'undefined') {
      const open = indexedDB.open(DB, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'id' });
      this.db = request(open).catch(() => null);
    }
  }

  async tx(mode, fn) {
    const db = this.db && (await this.db);
    if (!db) return fn(null);
    const t = db.transaction(STORE, mode);
    const done = new Promise((resolve, reject) => {
      t.oncomplete = resolve;
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
    const result = await request(fn(t.objectStore(STORE)));
    await done;
    return result;
  }

  async get(id) {
    if (!(this.db && (await this.db))) return this.memory.get(id) || null;
    return (await this.tx('readonly', (s) => s.get(id))) || null;
  }

  async put(rec) {
    if (!(this.db && (await this.db))) return void this.memory.set(rec.id, rec);
    await this.tx('readwrite', (s) => s.put(rec));
  }

  async delete(id) {
    if (!(this.db && (await this.db))) return void this.memory.delete(id);
    await this.tx('readwrite', (s) => s.delete(id));
  }

  async all() {
    if (!(this.db && (await this.db))) return [...this.memory.values()];
    return this.tx('readonly', (s) => s.getAll());
  }
}
