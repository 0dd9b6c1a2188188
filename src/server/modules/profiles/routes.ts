// /api/profiles/* — public profiles by handle (spec-1 §2), own-profile writes.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  handleParams,
  pictureParams,
  profileResponse,
  profileUpdateBody,
  userIdParams,
} from "../../../domain/contracts/profiles";
import { loadProfileLists } from "../../../domain/enums/profile-options";
import type { WithContext } from "../../context";
import { readUploadedImage } from "../../http/upload";
import { me, signedIn } from "../../http/viewer";
import { replaceAvatar, replaceBanner, replacePicture } from "./media";
import { getProfileByHandle } from "./service";
import { dismissPrivacyNotice, updateOwnProfile } from "./update";

export const profileRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["profiles"];
  const updateBody = profileUpdateBody(await loadProfileLists());

  app.put(
    "/:userId",
    {
      ...signedIn,
      schema: { tags, params: userIdParams, body: updateBody, response: { 200: profileResponse } },
    },
    async (request) => ({
      profile: await updateOwnProfile(ctx, {
        viewerId: me(request),
        userId: request.params.userId,
        input: request.body,
      }),
    }),
  );

  app.post(
    "/:userId/privacy-notice",
    { ...signedIn, schema: { tags, params: userIdParams } },
    async (request, reply) => {
      await dismissPrivacyNotice(ctx.db, { viewerId: me(request), userId: request.params.userId });
      return reply.status(204).send();
    },
  );

  app.get(
    "/:handle",
    { schema: { tags, params: handleParams, response: { 200: profileResponse } } },
    async (request, reply) => {
      const profile = await getProfileByHandle(ctx.db, {
        handle: request.params.handle,
        viewerId: request.viewerId,
      });
      reply.header("cache-control", "private, no-cache");
      return { profile };
    },
  );

  const uploadSchema = {
    tags,
    consumes: ["multipart/form-data"],
    response: { 200: profileResponse },
  };

  app.put(
    "/:userId/avatar",
    { ...signedIn, schema: { ...uploadSchema, params: userIdParams } },
    async (request) =>
      ctx.uploads.run(me(request), async () => {
        const bytes = await readUploadedImage(request, "avatar");
        return {
          profile: await replaceAvatar(ctx, {
            viewerId: me(request),
            userId: request.params.userId,
            bytes,
          }),
        };
      }),
  );

  app.put(
    "/:userId/banner",
    { ...signedIn, schema: { ...uploadSchema, params: userIdParams } },
    async (request) =>
      ctx.uploads.run(me(request), async () => {
        const bytes = await readUploadedImage(request, "banner");
        return {
          profile: await replaceBanner(ctx, {
            viewerId: me(request),
            userId: request.params.userId,
            bytes,
          }),
        };
      }),
  );

  app.delete(
    "/:userId/banner",
    { ...signedIn, schema: { tags, params: userIdParams, response: { 200: profileResponse } } },
    async (request) => ({
      profile: await replaceBanner(ctx, {
        viewerId: me(request),
        userId: request.params.userId,
        bytes: null,
      }),
    }),
  );

  app.put(
    "/:userId/pictures/:slot",
    { ...signedIn, schema: { ...uploadSchema, params: pictureParams } },
    async (request) =>
      ctx.uploads.run(me(request), async () => {
        const bytes = await readUploadedImage(request, "picture");
        return {
          profile: await replacePicture(ctx, { viewerId: me(request), ...request.params, bytes }),
        };
      }),
  );

  app.delete(
    "/:userId/pictures/:slot",
    { ...signedIn, schema: { tags, params: pictureParams, response: { 200: profileResponse } } },
    async (request) => ({
      profile: await replacePicture(ctx, { viewerId: me(request), ...request.params, bytes: null }),
    }),
  );
};
