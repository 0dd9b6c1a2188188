// /api/account/passkeys (docs/accounts.md "Passkeys") — thin handlers.
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addPasskeyBody,
  addPasskeyOptionsResponse,
  passkeyIdParams,
  passkeysResponse,
  passkeyView,
  renamePasskeyBody,
} from "../../../domain/contracts/passkeys";
import type { WithContext } from "../../context";
import { webHeaders } from "../../http/request";
import { signedIn } from "../../http/viewer";
import * as passkeys from "./passkeys";

export const passkeyRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["account"];

  app.get(
    "/",
    { ...signedIn, schema: { tags, response: { 200: passkeysResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return passkeys.listPasskeys(ctx, webHeaders(request));
    },
  );

  app.post(
    "/options",
    { ...signedIn, schema: { tags, response: { 200: addPasskeyOptionsResponse } } },
    async (request) => passkeys.addPasskeyOptions(ctx, webHeaders(request), new Date()),
  );

  app.post(
    "/",
    { ...signedIn, schema: { tags, body: addPasskeyBody, response: { 201: passkeyView } } },
    async (request, reply) => {
      const added = await passkeys.addPasskey(ctx, {
        headers: webHeaders(request),
        challengeId: request.body.challengeId,
        name: request.body.name,
        // The outline is checked by the contract; the WebAuthn library checks the rest.
        credential: request.body.credential as unknown as RegistrationResponseJSON,
        now: new Date(),
      });
      return reply.status(201).send(added);
    },
  );

  app.patch(
    "/:passkeyId",
    {
      ...signedIn,
      schema: {
        tags,
        params: passkeyIdParams,
        body: renamePasskeyBody,
        response: { 200: z.object({ name: z.string() }) },
      },
    },
    async (request) =>
      passkeys.renameOwnPasskey(ctx, {
        headers: webHeaders(request),
        passkeyId: request.params.passkeyId,
        name: request.body.name,
      }),
  );

  app.delete(
    "/:passkeyId",
    {
      ...signedIn,
      schema: {
        tags,
        params: passkeyIdParams,
        response: { 200: z.object({ removed: z.literal(1) }) },
      },
    },
    async (request) =>
      passkeys.removePasskey(ctx, {
        headers: webHeaders(request),
        passkeyId: request.params.passkeyId,
      }),
  );
};
