// Face descriptors for face verification (spec-2 §5, §9; docs/profiles-and-media.md "Face
// verification"). @vladmandic/face-api runs on TensorFlow.js's WASM backend with the model files
// its npm package ships: nothing is downloaded at run time. The networks (TinyFaceDetector at
// input 224 and score 0.5, 68 landmarks, the recognition net) load once, lazily, in one worker
// thread, so the ~100 ms of CPU per image never runs on the event loop that serves everyone else.
// sharp decodes the image to raw RGB (on libuv's pool) before it is handed over.
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import sharp from "sharp";

/** spec-2 §9: detector input size and detection score. */
export const FACE_DETECTOR = { inputSize: 224, scoreThreshold: 0.5 } as const;

/** Larger images are scaled down first: the detector sees 224 px and a face needs far fewer. */
const MAX_SIDE = 1024;

export interface FaceReading {
  /** Faces the detector found (with landmarks and a descriptor each). */
  faces: number;
  /** The 128-number descriptor when exactly one face was found. */
  descriptor: Float32Array | null;
}

const require = createRequire(import.meta.url);
const FACE_API_DIR = path.dirname(require.resolve("@vladmandic/face-api/package.json"));
const WASM_DIR = path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json"));
const WORKER_DATA = {
  faceApiPath: path.join(FACE_API_DIR, "dist", "face-api.node-wasm.js"),
  modelDir: path.join(FACE_API_DIR, "model"),
  wasmDir: `${path.join(WASM_DIR, "dist")}${path.sep}`,
  detector: FACE_DETECTOR,
};

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const faceapi = require(workerData.faceApiPath);
const ready = (async () => {
  faceapi.tf.setWasmPaths(workerData.wasmDir);
  await faceapi.tf.setBackend("wasm");
  await faceapi.tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(workerData.modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(workerData.modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(workerData.modelDir);
})();
const options = new faceapi.TinyFaceDetectorOptions(workerData.detector);
parentPort.on("message", async ({ id, width, height, rgb }) => {
  try {
    await ready;
    const input = faceapi.tf.tensor3d(rgb, [height, width, 3], "int32");
    try {
      const found = await faceapi.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
      const descriptor = found.length === 1 ? found[0].descriptor : null;
      parentPort.postMessage({ id, faces: found.length, descriptor });
    } finally {
      input.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type WorkerReply =
  | { id: number; faces: number; descriptor: Float32Array | null }
  | { id: number; error: string };

interface Pending {
  resolve: (reading: FaceReading) => void;
  reject: (error: Error) => void;
}

/** One worker for the process; started on first use, started again if it dies. */
class FaceWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: WORKER_DATA });
    worker.on("message", (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ("error" in reply) waiting.reject(new Error(`face model: ${reply.error}`));
      else waiting.resolve({ faces: reply.faces, descriptor: reply.descriptor });
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`face worker exited (${code})`)));
    return worker;
  }

  read(image: { width: number; height: number; rgb: Uint8Array }): Promise<FaceReading> {
    this.worker ??= this.start();
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // Held only while a reading is awaited: an idle worker never keeps the process alive.
      worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...image }, [image.rgb.buffer as ArrayBuffer]);
    });
  }
}

const faceWorker = new FaceWorker();

/** Decodes an image (any type sharp reads, orientation applied) and reads its faces. */
export async function readFaces(bytes: Buffer): Promise<FaceReading> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
  return faceWorker.read({ width: info.width, height: info.height, rgb });
}
