// A logger whose lines a test reads back as parsed JSON objects (docs/operations.md "Logs").
import { Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";

export function capturedLog(): { logger: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, next) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      next();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}
