// The installed app's manifest (docs/notifications.md "Installable app"), served with the site's
// name (SITE_NAME) rather than from a file of the build. Its icons are the build's (public/icons/,
// drawn by scripts/generate-icons.ts); the theme colours are the light theme's, index.html giving
// the dark theme's to browsers that read both.
import type { FastifyInstance } from "fastify";

export const MANIFEST_PATH = "/manifest.webmanifest";

export function webManifest(siteName: string) {
  return {
    id: "/",
    name: siteName,
    short_name: siteName,
    description:
      "Brand your username, discover people with categories, connect with public and private messaging.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#ffffff",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

export function registerWebManifest(app: FastifyInstance, siteName: string) {
  const body = JSON.stringify(webManifest(siteName));
  app.get(MANIFEST_PATH, async (_request, reply) =>
    reply
      .header("content-type", "application/manifest+json; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body),
  );
}
