// Test data and plumbing for the posts screens: people, posts, comments, a fetch stub that
// answers by method and path, and a render with a fresh query cache and an in-memory router.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import type { SessionUser } from "../../domain/contracts/auth";
import type { PersonSummary } from "../../domain/contracts/follows";
import type { CommentView, PostView } from "../../domain/contracts/posts";
import { type ProfileView, profileView } from "../../domain/contracts/profiles";
import { AppToaster } from "../components/feedback/app-toaster";
import { sessionKeys } from "../state/queries/session";

/** A profile's attributes, none given (spec-2 §3). */
export const NO_ATTRIBUTES = Object.fromEntries(
  Object.keys(profileView.shape.attributes.shape).map((attribute) => [attribute, null]),
) as ProfileView["attributes"];

export const ADA: PersonSummary = {
  userId: "u1",
  fullName: "Ada Lovelace",
  handle: "ada",
  username: "ada",
  profileImageUrl: null,
  verificationType: "yellow",
  veteran: false,
};
export const GRACE: PersonSummary = {
  ...ADA,
  userId: "u2",
  fullName: "Grace Hopper",
  handle: "grace",
  username: "grace",
  verificationType: "none",
};

export const sessionFor = (person: PersonSummary): SessionUser => ({
  id: person.userId,
  email: `${person.handle}@example.org`,
  fullName: person.fullName,
  handle: person.handle,
  profileImageUrl: null,
  verificationType: person.verificationType,
});

let serial = 0;
export function makePost(overrides: Partial<PostView> = {}): PostView {
  serial += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`;
  const author = overrides.author ?? GRACE;
  return {
    id,
    author,
    content: `Post number ${serial}`,
    contentWarning: null,
    images: [],
    imageSensitive: false,
    path: `/${author.handle}/post-number-${serial}`,
    likesCount: 0,
    commentsCount: 0,
    viewsCount: 0,
    likedByMe: false,
    isAuthor: false,
    createdAt: new Date(Date.now() - serial * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - serial * 60_000).toISOString(),
    ...overrides,
  };
}

/** Feed cache data holding `posts` as one page. */
export const feedData = (posts: PostView[], nextCursor: string | null = null) => ({
  pages: [{ items: posts, nextCursor }],
  pageParams: [null],
});

export function makeComment(
  overrides: Partial<CommentView> & { id: string; postId: string },
): CommentView {
  return {
    author: ADA,
    content: `Comment ${overrides.id}`,
    parentCommentId: null,
    likesCount: 0,
    likedByMe: false,
    deleted: false,
    contentWarning: null,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...overrides,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export const apiError = (status: number, message: string) =>
  json({ error: { code: "error", message } }, status);

export type Route = (request: {
  method: string;
  path: string;
  body: unknown;
}) => Response | Promise<Response | undefined> | undefined;

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Stubs fetch: each call goes to `route`; an unanswered call fails the test loudly. */
export function stubFetch(route: Route): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined);
      calls.push({ method, path, body });
      const answer = await route({ method, path, body });
      if (!answer) throw new TypeError(`unexpected ${method} ${path}`);
      return answer;
    }),
  );
  return calls;
}

export function renderWithRoutes(
  routes: { path: string; element: ReactNode }[],
  options: {
    url: string;
    viewer: PersonSummary | null;
    seed?: (queryClient: QueryClient) => void;
  },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.current(), {
    user: options.viewer ? sessionFor(options.viewer) : null,
  });
  options.seed?.(queryClient);
  const router = createMemoryRouter([...routes, { path: "*", element: <p>Somewhere else</p> }], {
    initialEntries: [options.url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster theme="light" />
    </QueryClientProvider>,
  );
  return { queryClient, router, user: userEvent.setup() };
}

/** A post's one image as the API answers it: its address, no description, no stored size. */
export const oneImage = (url: string, alt = ""): PostView["images"] => [
  { url, alt, width: null, height: null },
];
