// Imported first by the browser entry, before any module that builds a zod schema: zod would probe
// for eval (new Function) to speed up object parsing, which the page's Content-Security-Policy
// (script-src 'self') refuses, and Chrome logs the refusal as an issue. zod reads its settings
// from this global when each schema is built; setting it here, without importing zod, keeps zod
// out of the first script (docs/performance.md "Initial JavaScript").
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
