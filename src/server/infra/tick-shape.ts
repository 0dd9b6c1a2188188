// Keeps `process.nextTick` on V8's fast path for the life of the process (docs/performance.md
// "Trivial routes"). Node (20, and 24 still) queues each callback as an object literal whose first
// keys are symbols; V8 remembers how to add each key by pointing, weakly, at the hidden classes ("maps")
// such objects pass through. A full garbage collection while no queued callback is alive, which
// start-up always has, frees those maps; the next callbacks get new ones, and that memory turns
// megamorphic for good: every nextTick then adds all but the first of its keys through the runtime.
// An HTTP answer queues six or more callbacks, so that cost a static file a fifth of its time.
// Holding one queued callback object for the life of the process keeps its maps, and with them
// the fast path, alive. main.ts imports this before any other module is loaded.
import { createHook } from "node:async_hooks";

/** Node's own queued-callback object, captured as it is queued (async_hooks' `init`). */
function queuedCallbackObject(): object | undefined {
  let captured: object | undefined;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === "TickObject") captured = resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  return captured;
}

// Held by `process` itself, which lives as long as the process does: a module binding that
// nothing reads would be dropped by the build.
Object.defineProperty(process, Symbol.for("tick-shape.held"), { value: queuedCallbackObject() });
