// GET/HEAD /media/{key}: uploaded images from the object store. Keys are content-addressed, so a
// response is immutable and cacheable for a year. Only JPEG/PNG/WebP ever leave here, with
// nosniff and a locked-down CSP, so a stored object can never be served as a page or a script.
import { createHash } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../errors";
import { isSafeKey, type ObjectStore } from "../../infra/object-store";

const SERVABLE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

const fileNotFound = () => notFound("This file does not exist.");

/** The key names the content (mediaKey), so a hash of the key is a strong validator. */
const etagOf = (key: string) =>
  `"${createHash("sha256").update(key).digest("base64url").slice(0, 27)}"`;

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

export const mediaRoutes: FastifyPluginAsync<{ store: ObjectStore }> = async (app, { store }) => {
  app.get<{ Params: { "*": string } }>(
    "/media/*",
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params["*"];
      // Only the users' folders: the private prefix of a shared S3 bucket is never served here.
      if (!isSafeKey(key) || !key.startsWith("u/")) throw fileNotFound();
      const object = await store.get(key);
      const contentType = object?.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
      if (!object || !SERVABLE_TYPES.has(contentType)) throw fileNotFound();

      const etag = etagOf(key);
      reply
        .header("etag", etag)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) {
        return reply.status(304).send();
      }
      return reply.type(contentType).header("content-disposition", "inline").send(object.bytes);
    },
  );
};
