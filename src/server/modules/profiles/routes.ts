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
import { readUploadedImage } from "../../http/upload";
import type { ObjectStore } from "../../infra/object-store";
import type { EventBus } from "../../realtime/bus";
import { type AuthDeps, optionalUserId, requireUserId } from "../auth/service";
import type { CityIndex } from "../cities/city-index";
import { replaceAvatar, replacePicture } from "./media";
import { getProfileByHandle } from "./service";
import { updateOwnProfile } from "./update";

interface ProfileRouteOptions {
  deps: AuthDeps;
  cities: CityIndex;
  store: ObjectStore;
  bus: EventBus;
}

export const profileRoutes: FastifyPluginAsyncZod<ProfileRouteOptions> = async (
  app,
  { deps, cities, store, bus },
) => {
  const tags = ["profiles"];
  /** Lists show a person's name, handle, avatar and badges: cached copies must go. */
  const changed = (userId: string) => bus.publish({ type: "profile.changed", userId });
  const updateBody = profileUpdateBody(await loadProfileLists());

  app.put(
    "/:userId",
    {
      schema: { tags, params: userIdParams, body: updateBody, response: { 200: profileResponse } },
    },
    async (request) => {
      const viewerId = await requireUserId(deps, request);
      const profile = await updateOwnProfile(
        deps.db,
        cities,
        viewerId,
        request.params.userId,
        request.body,
      );
      await changed(viewerId);
      return { profile };
    },
  );

  app.get(
    "/:handle",
    { schema: { tags, params: handleParams, response: { 200: profileResponse } } },
    async (request, reply) => {
      const viewerId = await optionalUserId(deps, request);
      const profile = await getProfileByHandle(deps.db, request.params.handle, viewerId);
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
    { schema: { ...uploadSchema, params: userIdParams } },
    async (request) => {
      const viewerId = await requireUserId(deps, request);
      const bytes = await readUploadedImage(request, "avatar");
      const profile = await replaceAvatar(deps.db, store, viewerId, request.params.userId, bytes);
      await changed(viewerId);
      return { profile };
    },
  );

  app.put(
    "/:userId/pictures/:slot",
    { schema: { ...uploadSchema, params: pictureParams } },
    async (request) => {
      const viewerId = await requireUserId(deps, request);
      const { userId, slot } = request.params;
      const bytes = await readUploadedImage(request, "picture");
      return { profile: await replacePicture(deps.db, store, viewerId, userId, slot, bytes) };
    },
  );

  app.delete(
    "/:userId/pictures/:slot",
    { schema: { tags, params: pictureParams, response: { 200: profileResponse } } },
    async (request) => {
      const viewerId = await requireUserId(deps, request);
      const { userId, slot } = request.params;
      return { profile: await replacePicture(deps.db, store, viewerId, userId, slot, null) };
    },
  );
};
