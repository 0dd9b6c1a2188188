// /api/federation/* (docs/federation.md "Follows"): find a person on another server by
// their handle, read them, follow and unfollow them.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  domainBlockBody,
  domainBlocksResponse,
  domainParams,
  federationServersResponse,
  lookupQuery,
  remoteDetachResponse,
  remoteFlagParams,
  remoteFlagsResponse,
  remoteFollowRequestsResponse,
  remoteNoteParams,
  remotePersonParams,
  remotePersonResponse,
  remoteReplyBody,
  remoteReplyResponse,
  remoteReportBody,
} from "../../../domain/contracts/federation";
import { followRequestApproveResponse } from "../../../domain/contracts/follow-requests";
import { likeResponse, pageQuery, postPage, repostResponse } from "../../../domain/contracts/posts";
import { me, signedIn } from "../../http/viewer";
import { setRemoteBlock } from "./blocks";
import type { FederationDeps } from "./deps";
import { blockDomain, domainBlocks, unblockDomain } from "./domain-blocks";
import { closeReportAcrossServers, reportElsewhere, reportsAcrossServers } from "./flags";
import {
  approveRemoteRequest,
  declineRemoteRequest,
  remoteFollowRequests,
} from "./follow-requests";
import { setNoteRepost } from "./note-reposts";
import { replyToNote, setNoteLike } from "./notes";
import { detachQuoteElsewhere } from "./quote-revoke";
import { federationServers } from "./servers";
import {
  followRemote,
  lookUpPerson,
  remotePerson,
  remotePersonPosts,
  unfollowRemote,
} from "./service";

export const federationRoutes: FastifyPluginAsyncZod<{ deps: FederationDeps }> = async (
  app,
  { deps },
) => {
  const tags = ["federation"];
  const person = { params: remotePersonParams, response: { 200: remotePersonResponse } };

  app.get(
    "/lookup",
    { ...signedIn, schema: { tags, querystring: lookupQuery, response: person.response } },
    async (request) => ({
      person: await lookUpPerson(deps, { handle: request.query.handle, viewerId: me(request) }),
    }),
  );

  app.get("/people/:id", { ...signedIn, schema: { tags, ...person } }, async (request) => ({
    person: await remotePerson(deps.db, { id: request.params.id, viewerId: me(request) }),
  }));

  app.post("/people/:id/follow", { ...signedIn, schema: { tags, ...person } }, async (request) => ({
    person: await followRemote(deps, { id: request.params.id, viewerId: me(request) }),
  }));

  app.delete(
    "/people/:id/follow",
    { ...signedIn, schema: { tags, ...person } },
    async (request) => ({
      person: await unfollowRemote(deps, { id: request.params.id, viewerId: me(request) }),
    }),
  );

  app.get(
    "/people/:id/posts",
    {
      ...signedIn,
      schema: {
        tags,
        params: remotePersonParams,
        querystring: pageQuery,
        response: { 200: postPage },
      },
    },
    async (request) =>
      remotePersonPosts(deps.db, {
        id: request.params.id,
        viewerId: me(request),
        ...request.query,
      }),
  );

  const like = { params: remoteNoteParams, response: { 200: likeResponse } };
  app.post("/notes/:id/like", { ...signedIn, schema: { tags, ...like } }, async (request) =>
    setNoteLike(deps, { id: request.params.id, viewerId: me(request), like: true }),
  );
  app.delete("/notes/:id/like", { ...signedIn, schema: { tags, ...like } }, async (request) =>
    setNoteLike(deps, { id: request.params.id, viewerId: me(request), like: false }),
  );

  const repost = { params: remoteNoteParams, response: { 200: repostResponse } };
  app.put("/notes/:id/repost", { ...signedIn, schema: { tags, ...repost } }, async (request) =>
    setNoteRepost(deps, { id: request.params.id, viewerId: me(request), repost: true }),
  );
  app.delete("/notes/:id/repost", { ...signedIn, schema: { tags, ...repost } }, async (request) =>
    setNoteRepost(deps, { id: request.params.id, viewerId: me(request), repost: false }),
  );

  app.delete(
    "/notes/:id/quote",
    {
      ...signedIn,
      schema: { tags, params: remoteNoteParams, response: { 200: remoteDetachResponse } },
    },
    async (request) =>
      detachQuoteElsewhere(deps, { viewerId: me(request), noteId: request.params.id }),
  );

  app.post(
    "/notes/:id/replies",
    {
      ...signedIn,
      schema: {
        tags,
        params: remoteNoteParams,
        body: remoteReplyBody,
        response: { 201: remoteReplyResponse },
      },
    },
    async (request, reply) => {
      const sent = await replyToNote(deps, {
        id: request.params.id,
        viewerId: me(request),
        content: request.body.content,
      });
      return reply.status(201).send({ reply: sent });
    },
  );

  app.get(
    "/follow-requests",
    { ...signedIn, schema: { tags, response: { 200: remoteFollowRequestsResponse } } },
    async (request) => remoteFollowRequests(deps.db, me(request)),
  );
  app.post(
    "/follow-requests/:id/approve",
    {
      ...signedIn,
      schema: { tags, params: remotePersonParams, response: { 200: followRequestApproveResponse } },
    },
    async (request) =>
      approveRemoteRequest(deps, { userId: me(request), actorId: request.params.id }),
  );
  app.delete(
    "/follow-requests/:id",
    {
      ...signedIn,
      schema: {
        tags,
        params: remotePersonParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) =>
      declineRemoteRequest(deps, { userId: me(request), actorId: request.params.id }),
  );

  for (const [method, block] of [
    ["post", true],
    ["delete", false],
  ] as const) {
    app[method](
      "/people/:id/block",
      { ...signedIn, schema: { tags, ...person } },
      async (request) => {
        const viewerId = me(request);
        await setRemoteBlock(deps, { id: request.params.id, viewerId, block });
        return { person: await remotePerson(deps.db, { id: request.params.id, viewerId }) };
      },
    );
  }

  const moderated = { response: { 200: domainBlocksResponse } };
  app.get("/domain-blocks", { ...signedIn, schema: { tags, ...moderated } }, async (request) =>
    domainBlocks(deps, me(request)),
  );
  app.get(
    "/servers",
    { ...signedIn, schema: { tags, response: { 200: federationServersResponse } } },
    async (request) => federationServers(deps, me(request)),
  );
  app.put(
    "/domain-blocks/:host",
    { ...signedIn, schema: { tags, params: domainParams, body: domainBlockBody, ...moderated } },
    async (request) =>
      blockDomain(deps, { viewerId: me(request), host: request.params.host, ...request.body }),
  );
  app.delete(
    "/domain-blocks/:host",
    { ...signedIn, schema: { tags, params: domainParams, ...moderated } },
    async (request) => unblockDomain(deps, { viewerId: me(request), host: request.params.host }),
  );

  app.post(
    "/people/:id/report",
    {
      ...signedIn,
      schema: {
        tags,
        params: remotePersonParams,
        body: remoteReportBody,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) =>
      reportElsewhere(deps, { viewerId: me(request), id: request.params.id, ...request.body }),
  );
  const reports = { response: { 200: remoteFlagsResponse } };
  app.get("/reports", { ...signedIn, schema: { tags, ...reports } }, async (request) =>
    reportsAcrossServers(deps, me(request)),
  );
  app.post(
    "/reports/:id/close",
    { ...signedIn, schema: { tags, params: remoteFlagParams, ...reports } },
    async (request) =>
      closeReportAcrossServers(deps, { viewerId: me(request), id: request.params.id }),
  );
};
