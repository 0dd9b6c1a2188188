// Storing and removing images, on an in-memory object store: what is stored, under which keys,
// and that a failed database write leaves nothing behind.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ObjectStore, StoredObject } from "../../infra/object-store";
import { removeImage, storeImage, storeImageThenWrite } from "./service";

function memoryStore() {
  const objects = new Map<string, StoredObject>();
  const store: ObjectStore = {
    put: async (key, bytes, contentType) => void objects.set(key, { bytes, contentType }),
    get: async (key) => objects.get(key) ?? null,
    delete: async (key) => void objects.delete(key),
  };
  return { store, keys: () => [...objects.keys()].sort() };
}

let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();
});

const owner = { ownerId: "AbC1", kind: "post" } as const;
const folder = `u/${Buffer.from("AbC1").toString("hex")}/post/`;

describe("storeImage", () => {
  it("stores the re-encoded image and its thumbnail beside it, and answers the image's URL", async () => {
    const { store, keys } = memoryStore();
    const url = await storeImage(store, { ...owner, bytes: photo });
    const key = url.slice("/media/".length);
    expect(url).toMatch(new RegExp(`^/media/${folder}[0-9a-f]{32}\\.jpg$`));
    expect(keys()).toEqual([key.replace(/\.jpg$/, "-thumb.jpg"), key].sort());
    expect((await store.get(key))?.contentType).toBe("image/jpeg");
  });
});

describe("removeImage", () => {
  it("removes the image and its thumbnail, and leaves other URLs alone", async () => {
    const { store, keys } = memoryStore();
    const url = await storeImage(store, { ...owner, bytes: photo });
    await removeImage(store, { url: "https://elsewhere.example/a.jpg" });
    expect(keys()).toHaveLength(2);
    await removeImage(store, { url });
    expect(keys()).toEqual([]);
  });
});

describe("storeImageThenWrite", () => {
  it("hands the stored image's URL to the write and answers its result", async () => {
    const { store, keys } = memoryStore();
    let written = "";
    const result = await storeImageThenWrite(store, {
      ...owner,
      bytes: photo,
      write: async (url) => {
        written = url;
        return "post-1";
      },
    });
    expect(result).toBe("post-1");
    expect(keys()).toContain(written.slice("/media/".length));
  });

  it("removes what it stored when the write fails", async () => {
    const { store, keys } = memoryStore();
    const failing = storeImageThenWrite(store, {
      ...owner,
      bytes: photo,
      write: async () => {
        throw new Error("insert failed");
      },
    });
    await expect(failing).rejects.toThrow("insert failed");
    expect(keys()).toEqual([]);
  });

  it("keeps an identical image already in use when the write fails", async () => {
    const { store, keys } = memoryStore();
    const shown = await storeImage(store, { ...owner, bytes: photo });
    const failing = storeImageThenWrite(store, {
      ...owner,
      bytes: photo,
      write: async () => {
        throw new Error("insert failed");
      },
      inUse: (url) => url === shown,
    });
    await expect(failing).rejects.toThrow("insert failed");
    expect(keys()).toHaveLength(2);
  });
});
