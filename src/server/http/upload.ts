// Reads the one image of a multipart upload (field "file") with the limit of its kind, the
// fields of a new post, and bounds the uploads one account has in flight.
import type { FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../domain/contracts/errors";
import { AppError, badRequest, tooManyRequests } from "../errors";
import { IMAGE_LIMITS, type ImageKind } from "../infra/images";
import { refuseControlCharacters } from "./input";

export async function readUploadedImage(request: FastifyRequest, kind: ImageKind): Promise<Buffer> {
  const limit = IMAGE_LIMITS[kind];
  if (!request.isMultipart())
    throw badRequest(
      ERROR_CODES.validation,
      "Send the image as multipart/form-data in a field named file.",
    );
  const file = await request.file({ limits: { fileSize: limit.maxBytes, files: 1 } });
  if (file?.fieldname !== "file")
    throw badRequest(ERROR_CODES.validation, "Please choose an image.");
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, ERROR_CODES.tooLarge, limit.tooLargeMessage);
    }
    throw error;
  }
}

/** A new post: JSON `{content}`, or multipart with a `content` field and an optional `image` file. */
export async function readPostSubmission(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image: Buffer | null }> {
  if (!request.isMultipart()) {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    refuseControlCharacters(fields);
    return { fields, image: null };
  }
  const fields: Record<string, unknown> = {};
  let image: Buffer | null = null;
  const limit = IMAGE_LIMITS.post;
  for await (const part of request.parts({
    limits: { fileSize: limit.maxBytes, files: 1, fields: 2 },
  })) {
    if (part.type === "field") {
      fields[part.fieldname] = part.value;
    } else if (part.fieldname === "image") {
      try {
        image = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError(413, ERROR_CODES.tooLarge, limit.tooLargeMessage);
        }
        throw error;
      }
    } else {
      await part.toBuffer();
    }
  }
  refuseControlCharacters(fields);
  return { fields, image: image && image.length > 0 ? image : null };
}

/** At most this many image uploads of one account are read and processed at once (per instance). */
export const UPLOADS_IN_FLIGHT_PER_ACCOUNT = 2;

/**
 * Image uploads in flight per account (docs/operations.md "Limits"): each holds up to 8 MB and a
 * decode, so a third one at the same time is a 429 rather than more memory.
 */
export class UploadSlots {
  private readonly inFlight = new Map<string, number>();

  async run<T>(accountId: string, task: () => Promise<T>): Promise<T> {
    const busy = this.inFlight.get(accountId) ?? 0;
    if (busy >= UPLOADS_IN_FLIGHT_PER_ACCOUNT) {
      throw tooManyRequests(
        5,
        ERROR_CODES.rateLimited,
        "Please wait for your other uploads to finish.",
      );
    }
    this.inFlight.set(accountId, busy + 1);
    try {
      return await task();
    } finally {
      const left = (this.inFlight.get(accountId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(accountId, left);
      else this.inFlight.delete(accountId);
    }
  }
}
