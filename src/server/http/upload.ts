// Reads the one image of a multipart upload (field "file") with the limit of its kind.
import type { FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../domain/contracts/errors";
import { AppError, badRequest } from "../errors";
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
