/**
 * The SDK's typed events: each client keeps one `Emitter` over its map of
 * event names to details, hands `on` to its users and calls `emit` itself.
 * A listener that throws is logged and the others still hear the event, so
 * that one page's bug cannot stop a client's bookkeeping. (Hand-written
 * rather than a library's: the small emitters on npm let a throwing
 * listener break the loop, and this is all the SDK needs.)
 */
export type Listener<Detail> = (detail: Detail) => void;

export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Calls `listener` with each event of this name; returns what stops it. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Forgets every listener: the client is closed for good. */
  clear(): void {
    this.listeners.clear();
  }

  emit<K extends keyof Events>(type: K, detail: Events[K]): void {
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        (listener as Listener<Events[K]>)(detail);
      } catch (error) {
        console.error(error);
      }
    }
  }
}
