// Writes a zip straight into a store as its entries are produced (yazl): one entry at a time, each
// read from a stream to its end before the next is opened, so memory holds a chunk or two of one
// entry, never the archive (docs/accounts.md "Your data").
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";
import type { StreamingStore } from "../../infra/object-store";

export class ZipWriter {
  private readonly zip = new ZipFile();
  /** yazl's output is a PassThrough; its types say only ReadableStream. */
  private readonly output = this.zip.outputStream as unknown as Readable;
  private readonly upload: Promise<number>;
  /** Rejects when the archive or its upload fails, so a wait on an entry does not hang. */
  private readonly failed: Promise<never>;

  constructor(store: StreamingStore, key: string) {
    this.upload = store.putStream(key, this.output, "application/zip");
    this.failed = new Promise<never>((_, reject) => {
      this.zip.on("error", reject);
      this.upload.catch(reject);
    });
    this.failed.catch(() => {});
  }

  /** Adds an entry and resolves once its source has been read to the end. */
  async add(
    name: string,
    source: AsyncIterable<Buffer> | Readable,
    { compress = true }: { compress?: boolean } = {},
  ): Promise<void> {
    const stream =
      source instanceof Readable ? source : Readable.from(source, { objectMode: false });
    this.zip.addReadStream(stream, name, { compress });
    await Promise.race([finished(stream), this.failed]);
  }

  addBuffer(name: string, bytes: Buffer): void {
    this.zip.addBuffer(bytes, name);
  }

  /** Writes the central directory; resolves with the zip's size once the store holds it all. */
  async close(): Promise<number> {
    this.zip.end();
    return Promise.race([this.upload, this.failed]);
  }

  /** Stops the upload (its partial file is removed) and waits for it to settle. */
  async abort(error: unknown): Promise<void> {
    this.output.destroy(error instanceof Error ? error : new Error(String(error)));
    await this.upload.catch(() => {});
  }
}
