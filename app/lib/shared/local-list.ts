import { useSyncExternalStore } from "react";

// A short list kept in the browser's localStorage (the cars to compare, an anonymous visitor's
// recently viewed cars), shared by every component that shows it and by the browser's other tabs.
// Nothing of it reaches the server, so pages the edge cache keeps stay the same for everyone.

export interface LocalList<Item> {
  /** The list now, newest or first-chosen first; after hydration only (null on the server and while hydrating). */
  useItems(): Item[] | null;
  read(): Item[];
  write(items: Item[]): void;
}

export function localList<Item>(key: string, max: number): LocalList<Item> {
  const listeners = new Set<() => void>();
  // The parsed list for the stored text, so a snapshot is the same object until the text changes.
  let cached: { text: string | null; items: Item[] } = { text: null, items: [] };
  const read = (): Item[] => {
    let text: string | null = null;
    try {
      text = localStorage.getItem(key);
    } catch {
      // Storage refused (private mode, blocked): the list is empty.
    }
    if (text !== cached.text) {
      let items: Item[] = [];
      try {
        const parsed: unknown = text ? JSON.parse(text) : [];
        items = Array.isArray(parsed) ? (parsed.slice(0, max) as Item[]) : [];
      } catch {
        // Someone else's text under our key: start again.
      }
      cached = { text, items };
    }
    return cached.items;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const fromOtherTabs = (event: StorageEvent) => event.key === key && listener();
    window.addEventListener("storage", fromOtherTabs);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", fromOtherTabs);
    };
  };
  return {
    read,
    write(items) {
      try {
        localStorage.setItem(key, JSON.stringify(items.slice(0, max)));
      } catch {
        return;
      }
      for (const listener of listeners) listener();
    },
    useItems: () => useSyncExternalStore(subscribe, read, () => null),
  };
}
