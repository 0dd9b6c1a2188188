// Lookups asked for in the same tick, answered by one query (docs/notifications.md
// "Connections"): the outbox hands a claim's rows to their handlers side by side, so the ten pushes
// of a claim each ask for their browser, then for the person they name, at once; each ask becomes
// one `where id in (…)` instead of ten round trips.

/** `one(key)` for keys asked together in one tick calls `many` once with all of them. */
export function sameTickBatch<K, V>(
  many: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let waiting: { keys: K[]; answer: Promise<Map<K, V>> } | null = null;
  return (key) => {
    if (!waiting) {
      const keys: K[] = [];
      const answer = new Promise<void>((resolve) => process.nextTick(resolve)).then(() => {
        waiting = null;
        return many(keys);
      });
      waiting = { keys, answer };
    }
    if (!waiting.keys.includes(key)) waiting.keys.push(key);
    return waiting.answer.then((found) => found.get(key));
  };
}
