// An independent ActivityPub server for federation tests (docs/federation.md "Tests"): built
// straight from Fedify with its in-memory store, sharing none of our code paths. One person,
// `carol`, who accepts every follower, remembers every activity her inbox receives (as the JSON
// that arrived), and can follow, post, delete a post and like on command.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createFederation,
  generateCryptoKeyPair,
  MemoryKvStore,
  type SignRequestOptions,
  signRequest,
} from "@fedify/fedify";
import {
  Accept,
  Activity,
  Create,
  Delete,
  Endpoints,
  Follow,
  Like,
  Mention,
  Note,
  Person,
  PUBLIC_COLLECTION,
  type Recipient,
  Tombstone,
  Undo,
} from "@fedify/vocab";

export interface FedifyPeer {
  /** Its name on the test net. */
  name: string;
  port: number;
  /** Carol's actor URI. */
  carol: URL;
  /** Every activity Carol's inbox accepted, oldest first, as it arrived. */
  received: Record<string, unknown>[];
  /** Actor URIs that follow Carol. */
  followers: Set<string>;
  /** Carol follows the actor at `uri` (its inbox read from its document). */
  follow(uri: string): Promise<URL>;
  unfollow(uri: string, followId: URL): Promise<void>;
  /** The request signed with Carol's RSA key, as her server would send it (`options`: the scheme,
   * the moment it claims). */
  sign(request: Request, options?: SignRequestOptions): Promise<Request>;
  /** Carol likes the post `noteUri` of `authorUri`; the Like's id, which `unlike` takes back. */
  like(noteUri: string, authorUri: string): Promise<URL>;
  unlike(noteUri: string, authorUri: string, likeId: URL): Promise<void>;
  /** Carol posts `text` publicly to her followers; the Note's id. */
  post(text: string): Promise<URL>;
  /** Carol sends a public Note straight to the actor `to`, answering `inReplyTo` and mentioning
   * the actors `mentions`, behind the content warning `warning` when given; `noteId` sends one
   * already sent again, in a new Create. The Note's id. */
  note(input: {
    to: string;
    text: string;
    warning?: string;
    inReplyTo?: string;
    mentions?: string[];
    noteId?: URL;
  }): Promise<URL>;
  /** Carol deletes her post `noteId` (a Delete with its Tombstone, to her followers). */
  deleteNote(noteId: URL): Promise<void>;
  close(): Promise<void>;
}

export async function startFedifyPeer(name: string): Promise<FedifyPeer> {
  const origin = `https://${name}`;
  const received: Record<string, unknown>[] = [];
  const followers = new Map<string, Recipient>();
  const keys = [
    await generateCryptoKeyPair("RSASSA-PKCS1-v1_5"),
    await generateCryptoKeyPair("Ed25519"),
  ];
  const federation = createFederation<void>({
    kv: new MemoryKvStore(),
    origin,
    allowPrivateAddress: true,
  });
  federation
    .setActorDispatcher("/people/{identifier}", async (ctx, identifier) => {
      if (identifier !== "carol") return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: "carol",
        name: "Carol Peer",
        summary: "<p>I live on another server.</p>",
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .mapHandle((_ctx, handle) => (handle === "carol" ? "carol" : null))
    .setKeyPairsDispatcher((_ctx, identifier) => (identifier === "carol" ? keys : []));
  federation.setFollowersDispatcher("/people/{identifier}/followers", () => ({
    items: [...followers.values()],
  }));
  federation.setObjectDispatcher(Note, "/notes/{id}", () => null);
  federation
    .setInboxListeners("/people/{identifier}/inbox", "/inbox")
    .on(Activity, async (ctx, activity) => {
      received.push((await activity.toJsonLd({ format: "compact" })) as Record<string, unknown>);
      if (activity instanceof Follow && activity.actorId) {
        const follower = await activity.getActor();
        if (!follower) return;
        followers.set(activity.actorId.href, follower);
        await ctx.sendActivity(
          { identifier: "carol" },
          follower,
          new Accept({
            id: new URL(`#accept-${received.length}`, ctx.getActorUri("carol")),
            actor: ctx.getActorUri("carol"),
            object: activity,
          }),
        );
      }
      // Only an Undo of a Follow ends a follow (an Undo of a Like or a Block does not).
      if (
        activity instanceof Undo &&
        activity.actorId &&
        (await activity.getObject({ crossOrigin: "ignore", suppressError: true })) instanceof Follow
      ) {
        followers.delete(activity.actorId.href);
      }
    })
    // A deleted actor's key is gone with it (410): its Delete of itself is taken, as Mastodon does.
    .onUnverifiedActivity(async (_ctx, activity, reason) => {
      const gone =
        reason.type === "keyFetchError" &&
        "status" in reason.result &&
        reason.result.status === 410;
      if (
        !gone ||
        !(activity instanceof Delete) ||
        activity.objectId?.href !== activity.actorId?.href
      )
        return;
      received.push((await activity.toJsonLd({ format: "compact" })) as Record<string, unknown>);
      return new Response(null, { status: 202 });
    });

  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(key, value);
    }
    const answer = await federation.fetch(
      new Request(`${origin}${request.url}`, {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      }),
      { contextData: undefined },
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const ctx = federation.createContext(new URL(origin));
  const carol = ctx.getActorUri("carol");

  return {
    name,
    port: (server.address() as AddressInfo).port,
    carol,
    received,
    get followers() {
      return new Set(followers.keys());
    },
    async follow(uri) {
      const target = await ctx.lookupObject(uri);
      if (!target || !("inboxId" in target)) throw new Error(`${uri} is not an actor`);
      const id = new URL(`#follows/${Date.now()}`, carol);
      await ctx.sendActivity(
        { identifier: "carol" },
        target as Person,
        new Follow({ id, actor: carol, object: new URL(uri) }),
      );
      return id;
    },
    async unfollow(uri, followId) {
      const target = (await ctx.lookupObject(uri)) as Person;
      await ctx.sendActivity(
        { identifier: "carol" },
        target,
        new Undo({
          id: new URL(`#undo-${Date.now()}`, carol),
          actor: carol,
          object: new Follow({ id: followId, actor: carol, object: new URL(uri) }),
        }),
      );
    },
    async sign(request, options) {
      const [rsa] = await ctx.getActorKeyPairs("carol");
      if (!rsa) throw new Error("Carol has no key");
      return signRequest(request, rsa.privateKey, rsa.keyId, options);
    },
    async like(noteUri, authorUri) {
      const author = (await ctx.lookupObject(authorUri)) as Person;
      const id = new URL(`#likes/${Date.now()}`, carol);
      await ctx.sendActivity(
        { identifier: "carol" },
        author,
        new Like({ id, actor: carol, object: new URL(noteUri) }),
      );
      return id;
    },
    async unlike(noteUri, authorUri, likeId) {
      const author = (await ctx.lookupObject(authorUri)) as Person;
      await ctx.sendActivity(
        { identifier: "carol" },
        author,
        new Undo({
          id: new URL(`#undo-${Date.now()}`, carol),
          actor: carol,
          object: new Like({ id: likeId, actor: carol, object: new URL(noteUri) }),
        }),
      );
    },
    async post(text) {
      const id = new URL(`/notes/${Date.now()}`, origin);
      await ctx.sendActivity(
        { identifier: "carol" },
        "followers",
        new Create({
          id: new URL(`${id.href}#create`),
          actor: carol,
          to: PUBLIC_COLLECTION,
          object: new Note({
            id,
            attribution: carol,
            to: PUBLIC_COLLECTION,
            content: `<p>${text}</p>`,
          }),
        }),
      );
      return id;
    },
    async note({ to, text, warning, inReplyTo, mentions = [], noteId }) {
      const target = (await ctx.lookupObject(to)) as Person;
      const id = noteId ?? new URL(`/notes/${Date.now()}`, origin);
      await ctx.sendActivity(
        { identifier: "carol" },
        target,
        new Create({
          id: new URL(`${id.href}#create-${Date.now()}`),
          actor: carol,
          to: PUBLIC_COLLECTION,
          ccs: mentions.map((uri) => new URL(uri)),
          object: new Note({
            id,
            attribution: carol,
            to: PUBLIC_COLLECTION,
            ccs: mentions.map((uri) => new URL(uri)),
            replyTarget: inReplyTo ? new URL(inReplyTo) : null,
            content: `<p>${text}</p>`,
            summary: warning ?? null,
            sensitive: warning !== undefined,
            tags: mentions.map((uri) => new Mention({ href: new URL(uri), name: "@someone" })),
          }),
        }),
      );
      return id;
    },
    async deleteNote(noteId) {
      await ctx.sendActivity(
        { identifier: "carol" },
        "followers",
        new Delete({
          id: new URL(`${noteId.href}#delete`),
          actor: carol,
          to: PUBLIC_COLLECTION,
          object: new Tombstone({ id: noteId }),
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
