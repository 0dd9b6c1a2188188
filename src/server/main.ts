// The process's entry: keeps process.nextTick on V8's fast path (infra/tick-shape.ts), which must
// run before any other module is loaded, refuses a Node.js older than the server needs
// (infra/node-version.ts), keeps V8's compiled code of the modules loaded after it on disk for the
// next start (Node's compile cache: NODE_COMPILE_CACHE, or the system's temporary folder;
// docs/performance.md "Start-up"), then starts the server (serve.ts).
import "./infra/tick-shape";
import * as nodeModule from "node:module";
import { nodeVersionRefusal } from "./infra/node-version";

const refusal = nodeVersionRefusal(process.version);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
// Node 22.1's API, which @types/node 20 does not name.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import("./serve");
