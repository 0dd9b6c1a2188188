// /api/safety/muted-words (docs/safety.md "Muted words"): the signed-in person's list, an entry
// added (answered once per Idempotency-Key), changed or renewed, and removed.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idempotencyKeyHeaders } from "../../../domain/contracts/idempotency";
import {
  addMutedWordBody,
  changeMutedWordBody,
  mutedWordParams,
  mutedWordResponse,
  mutedWordsResponse,
} from "../../../domain/contracts/muted-words";
import type { WithContext } from "../../context";
import { me, signedIn } from "../../http/viewer";
import { routeOnce } from "../../outbox/answered-once";
import {
  addMutedWord,
  changeMutedWord,
  listMutedWords,
  mutedWordOf,
  removeMutedWord,
} from "./muted-words";

const tags = ["safety"];

export const mutedWordRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  app.get(
    "/",
    { ...signedIn, schema: { tags, response: { 200: mutedWordsResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listMutedWords(ctx.db, { userId: me(request), now: new Date() });
    },
  );

  app.post(
    "/",
    {
      ...signedIn,
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        body: addMutedWordBody,
        response: { 201: mutedWordResponse },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      const now = new Date();
      const input = { userId, ...request.body };
      const mutedWord = await routeOnce(
        ctx.db,
        { request, reply },
        { userId, useCase: "safety.mute-word", input: { ...request.body, text: input.text.key } },
        async () =>
          mutedWordOf(ctx.db, { userId, id: await addMutedWord(ctx, { ...input, now }), now }),
        (id: string) => mutedWordOf(ctx.db, { userId, id, now }),
      );
      return reply.status(201).send({ mutedWord });
    },
  );

  app.patch(
    "/:id",
    {
      ...signedIn,
      schema: {
        tags,
        params: mutedWordParams,
        body: changeMutedWordBody,
        response: { 200: mutedWordResponse },
      },
    },
    async (request) => ({
      mutedWord: await changeMutedWord(ctx, {
        userId: me(request),
        id: request.params.id,
        ...request.body,
        now: new Date(),
      }),
    }),
  );

  app.delete(
    "/:id",
    { ...signedIn, schema: { tags, params: mutedWordParams } },
    async (request, reply) => {
      await removeMutedWord(ctx, { userId: me(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
};
