// What enters the API, before any contract sees it (docs/architecture.md "Request path"). Every
// string of params, query and body must follow the plain-text rule of src/domain/plain-text.ts
// (400 naming the field), so nothing reaches the database that it cannot hold; an empty JSON body
// is no body; and a page path with control characters is refused before any lookup.
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { ERROR_CODES } from "../../domain/error-codes";
import {
  CONTROL_CHARACTER_MESSAGE,
  controlCharacterPaths,
  hasControlCharacters,
} from "../../domain/plain-text";
import { badRequest } from "../errors";

const plainInput = z.unknown().superRefine((value, ctx) => {
  for (const path of controlCharacterPaths(value)) {
    ctx.addIssue({ code: "custom", path, message: CONTROL_CHARACTER_MESSAGE });
  }
});

/** The zod validator compiler, with the plain-text rule checked first on every route's input. */
export const inputValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) =>
  validatorCompiler({ ...route, schema: plainInput.pipe(route.schema as z.ZodType) });

/** For input a route reads itself (multipart fields): the same rule, the same 400. */
export function refuseControlCharacters(fields: Record<string, unknown>): void {
  const paths = controlCharacterPaths(fields);
  if (paths.length === 0) return;
  const named = Object.fromEntries(paths.map((p) => [p.join("."), [CONTROL_CHARACTER_MESSAGE]]));
  throw badRequest(ERROR_CODES.validation, CONTROL_CHARACTER_MESSAGE, named);
}

/** JSON bodies as Fastify parses them (prototype poisoning refused), but empty means no body. */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    if (text === "") done(null, undefined);
    else parseJson(request, text, done);
  });
}

/** A page path that names no page: it holds control characters once decoded. */
export function isUnsafePagePath(pathname: string): boolean {
  try {
    return hasControlCharacters(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}
