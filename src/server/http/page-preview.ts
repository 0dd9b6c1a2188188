// What a profile or a post page shows before any script runs (docs/architecture.md "Web app
// pages"): the server writes the header's bar with the site's name, then the person's picture,
// name, handle and about, or the post's author and text, into the page's #root, laid out and
// styled as the screens lay them out. The app's first render replaces it, starting from the same
// view (the page-data block after it), so nothing is read twice. The signed-in feed has no
// markup of its own, only the block.
import type { PersonSummary } from "../../domain/contracts/follows";
import type { PageData } from "../../domain/contracts/page-data";
import { displayName } from "../../domain/display-name";
import { linkSegments } from "../../domain/first-link";
import { initials } from "../../domain/full-name";
import { PAGE_DATA_ELEMENT_ID } from "../../domain/page-blocks";
import { escapeHtml, scriptSafeJson } from "./app-html";

const ROOT = '<div id="root"></div>';

type Person = Pick<PersonSummary, "fullName" | "handle" | "username" | "profileImageUrl">;

function avatar(person: Person, size: string): string {
  if (person.profileImageUrl) {
    return `<img src="${escapeHtml(person.profileImageUrl)}" alt="" class="${size} shrink-0 rounded-full object-cover" />`;
  }
  return `<span aria-hidden="true" class="${size} inline-flex shrink-0 items-center justify-center rounded-full bg-sky-700 font-semibold text-white">${escapeHtml(initials(displayName(person)))}</span>`;
}

const handleLine = (person: Person, className: string) =>
  `<p class="${className} text-neutral-500 dark:text-neutral-400">@${escapeHtml(person.username ?? person.handle)}</p>`;

function profileMarkup({ profile }: Extract<PageData, { kind: "profile" }>): string {
  const about = profile.about
    ? `<p class="whitespace-pre-line break-words">${escapeHtml(profile.about)}</p>`
    : "";
  return `<section class="rounded-3xl border border-neutral-200 bg-white p-5 sm:p-8 dark:border-neutral-800 dark:bg-neutral-900">
      <div class="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:gap-6 sm:text-left">
        ${avatar(profile, "size-28 sm:size-32 text-4xl")}
        <div class="flex min-w-0 flex-1 flex-col items-center gap-3 sm:items-start">
          <h1 class="text-2xl font-bold break-words">${escapeHtml(displayName(profile))}</h1>
          ${handleLine(profile, "")}
          ${about}
        </div>
      </div>
    </section>`;
}

/** A post's words with their web addresses as links, as the app shows them
 * (web/components/text/post-text.tsx), or as text while the author is new (docs/safety.md "New
 * accounts"). */
function postText(post: Extract<PageData, { kind: "post" }>["post"]): string {
  if (post.linksInert) return escapeHtml(post.content);
  return linkSegments(post.content)
    .map((part) =>
      part.kind === "text"
        ? escapeHtml(part.text)
        : `<a href="${escapeHtml(part.text)}" target="_blank" rel="nofollow ugc noopener noreferrer" class="font-medium break-all text-primary hover:underline">${escapeHtml(part.text)}</a>`,
    )
    .join("");
}

/** A post's text and images (each with its description); behind its content warning, the warning alone, and a sensitive image
 * not at all, until the app draws them (docs/feed.md "Content warnings"). */
function postMarkup({ post }: Extract<PageData, { kind: "post" }>): string {
  const warned = post.contentWarning !== null;
  const text = warned
    ? `<p class="mt-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 break-words dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">Content warning: ${escapeHtml(post.contentWarning ?? "")}</p>`
    : `<p class="mt-3 text-lg whitespace-pre-line break-words">${postText(post)}</p>`;
  const image =
    post.images.length > 0 && !warned && !post.imageSensitive
      ? `<div class="mt-3 grid gap-0.5${post.images.length > 1 ? " grid-cols-2" : ""}">${post.images
          .map(
            ({ url, alt }) =>
              `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" class="w-full rounded-2xl border border-neutral-200 object-cover dark:border-neutral-800" />`,
          )
          .join("")}</div>`
      : "";
  return `<h1 class="mb-4 text-xl font-bold">Post</h1>
    <article>
      <div class="flex items-center gap-3">
        ${avatar(post.author, "size-12")}
        <div class="min-w-0">
          <p class="truncate font-semibold">${escapeHtml(displayName(post.author))}</p>
          ${handleLine(post.author, "truncate text-sm")}
        </div>
      </div>
      ${text}
      ${image}
    </article>`;
}

/** The picture of the first post a profile or the feed lists: the likely largest paint, which
 * the screen asks for only once it has rendered the list (components/post-parts.tsx). */
export function leadImage(data: PageData): string | null {
  return data.kind === "profile" || data.kind === "feed"
    ? (data.posts.items[0]?.images[0]?.url ?? null)
    : null;
}

/** The page's #root filled with the view, and the view itself as a data block after it. */
export function injectPreview(html: string, data: PageData, siteName: string): string {
  if (!html.includes(ROOT)) return html;
  const block = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
  // The signed-in pages' views need the app to be drawn (a profile's and a post's have markup).
  if (data.kind !== "profile" && data.kind !== "post")
    return html.replace(ROOT, () => `${ROOT}\n    ${block}`);
  const content = data.kind === "profile" ? profileMarkup(data) : postMarkup(data);
  const markup = `<div id="root"><div class="min-h-dvh">
    <header class="fixed inset-x-0 top-0 z-50 h-14 bg-black text-white">
      <div class="mx-auto flex h-full max-w-5xl items-center pr-2 pl-4 sm:pr-4">
        <a href="/" class="text-xl font-extrabold tracking-tight">${escapeHtml(siteName)}</a>
      </div>
    </header>
    <main class="pt-14"><div class="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
    ${content}
    </div></main>
  </div></div>
    ${block}`;
  return html.replace(ROOT, () => markup);
}
