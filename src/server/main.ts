// The process's entry: keeps process.nextTick on V8's fast path (infra/tick-shape.ts), which must
// run before any other module is loaded, then starts the server (serve.ts).
import "./infra/tick-shape";

await import("./serve");
