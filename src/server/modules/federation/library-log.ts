// The federation library's own log (LogTape) joined to the app's (docs/operations.md "Logs"):
// its warnings and errors — a delivery given up on, an activity that failed to process, a key
// that could not be fetched — are lines of the app's log with their category.
import { AsyncLocalStorage } from "node:async_hooks";
import { configure, type LogRecord } from "@logtape/logtape";
import type { FastifyBaseLogger } from "fastify";

function lineOf(record: LogRecord): [Record<string, unknown>, string] {
  const message = record.message
    .map((part) => (typeof part === "string" ? part : JSON.stringify(part)))
    .join("");
  const { error, ...rest } = record.properties as { error?: unknown };
  return [
    { library: record.category.join("."), ...rest, ...(error ? { err: error } : {}) },
    message,
  ];
}

/** From now on, the library's warnings and errors go to `log` (the last app built in a process
 * wins: tests build several). */
export async function joinLibraryLog(log: FastifyBaseLogger): Promise<void> {
  await configure({
    reset: true,
    contextLocalStorage: new AsyncLocalStorage(),
    sinks: {
      app: (record) => {
        const [fields, message] = lineOf(record);
        if (record.level === "error" || record.level === "fatal") log.error(fields, message);
        else log.warn(fields, message);
      },
    },
    loggers: [
      { category: ["fedify"], lowestLevel: "warning", sinks: ["app"] },
      { category: ["logtape", "meta"], lowestLevel: "error", sinks: ["app"] },
    ],
  });
}
