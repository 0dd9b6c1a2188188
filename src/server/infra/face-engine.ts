// Face descriptors for face verification (spec-2 §5, §9; docs/profiles-and-media.md "Face
// verification"). @vladmandic/face-api runs on TensorFlow.js's WASM backend with the model files
// its npm package ships: nothing is downloaded at run time. The networks (TinyFaceDetector at
// input 224 and score 0.5, as spec-2 §9 says, with fallbacks for the photos it misses: input 416,
// the SSD MobileNet detector, and a wider canvas for close-ups; 68 landmarks; the expression and
// recognition nets)
// load once, lazily, in one worker thread, so the ~100 ms of CPU per image never runs on the event
// loop that serves everyone else.
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
  /** That face's pose, for the live check (domain/face-liveness.ts). */
  pose: FacePose | null;
}

export interface FacePose {
  /** Where the nose tip lies between the two sides of the jaw, in the image as taken (not
   * mirrored): about 0.5 facing the camera, larger when the person turns to their own left. */
  yaw: number;
  /** The expression net's probability of a smile (its 'happy'), 0 to 1. */
  smile: number;
}

const require = createRequire(import.meta.url);
const FACE_API_DIR = path.dirname(require.resolve("@vladmandic/face-api/package.json"));
const WASM_DIR = path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json"));
const WORKER_DATA = {
  faceApiPath: path.join(FACE_API_DIR, "dist", "face-api.node-wasm.js"),
  modelDir: path.join(FACE_API_DIR, "model"),
  wasmDir: `${path.join(WASM_DIR, "dist")}${path.sep}`,
  detector: FACE_DETECTOR,
  /** The grey border, as a share of the longer side, around a face that fills the frame. */
  closeUpPadding: 0.3,
  /** How much larger (in area) the largest of several faces must be to count alone. */
  dominantArea: 4,
  /** A face box this close to the frame's edge (share of the longer side) is cut by it. */
  edgeShare: 0.02,
  /** A head rolled more than this (radians, about 8°) is turned upright before it is read. */
  uprightRoll: 0.14,
};

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const faceapi = require(workerData.faceApiPath);
const ready = (async () => {
  faceapi.tf.setWasmPaths(workerData.wasmDir);
  await faceapi.tf.setBackend("wasm");
  await faceapi.tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(workerData.modelDir);
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(workerData.modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(workerData.modelDir);
  await faceapi.nets.faceExpressionNet.loadFromDisk(workerData.modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(workerData.modelDir);
})();
const spec = new faceapi.TinyFaceDetectorOptions(workerData.detector);
const wider = new faceapi.TinyFaceDetectorOptions({ ...workerData.detector, inputSize: 416 });
const ssd = new faceapi.SsdMobilenetv1Options({ minConfidence: workerData.detector.scoreThreshold });
const withFaces = (input, options) =>
  faceapi.detectAllFaces(input, options).withFaceLandmarks().withFaceExpressions().withFaceDescriptors();
// The spec's detector first; when it finds nothing, a larger input, then the SSD detector; then,
// for a face that fills the frame, the same passes over the image on a wider grey canvas.
async function detect(input, height, width) {
  for (const options of [spec, wider, ssd]) {
    const found = await withFaces(input, options);
    if (found.length > 0) return found;
  }
  const pad = Math.round(Math.max(height, width) * workerData.closeUpPadding);
  const padded = faceapi.tf.pad(input, [[pad, pad], [pad, pad], [0, 0]], 128);
  try {
    for (const options of [spec, ssd]) {
      const found = await withFaces(padded, options);
      if (found.length > 0) return found;
    }
    return [];
  } finally {
    padded.dispose();
  }
}
const mean = (points) => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});
// The head's roll: the angle of the line through the eyes (landmarks 36–41 and 42–47).
function rollOf(face) {
  const points = face.landmarks.positions;
  const [left, right] = [mean(points.slice(36, 42)), mean(points.slice(42, 48))];
  return Math.atan2(right.y - left.y, right.x - left.x);
}
const touchesEdge = (box, height, width) => {
  const margin = workerData.edgeShare * Math.max(height, width);
  return box.x < margin || box.y < margin || box.right > width - margin || box.bottom > height - margin;
};
// The recognition net reads an upright face, whole: a face the frame cuts into is read again on a
// wider grey canvas, and a tilted head again with the image turned so the eyes are level. The new
// reading counts when it found the face.
async function refine(input, face, height, width) {
  let best = face;
  if (touchesEdge(face.detection.box, height, width)) {
    const pad = Math.round(Math.max(height, width) * workerData.closeUpPadding);
    const padded = faceapi.tf.pad(input, [[pad, pad], [pad, pad], [0, 0]], 128);
    try {
      best = theFace(await withFaces(padded, spec)) ?? best;
    } finally {
      padded.dispose();
    }
  }
  const roll = rollOf(best);
  if (Math.abs(roll) < workerData.uprightRoll) return best;
  const box = face.detection.box;
  const centre = [(box.x + box.width / 2) / width, (box.y + box.height / 2) / height];
  const upright = faceapi.tf.tidy(() =>
    faceapi.tf.image
      .rotateWithOffset(input.toFloat().expandDims(0), roll, 128, centre)
      .squeeze([0]),
  );
  try {
    for (const options of [spec, ssd]) {
      const turned = theFace(await withFaces(upright, options));
      if (turned && Math.abs(rollOf(turned)) < Math.abs(roll)) return turned;
    }
    return best;
  } finally {
    upright.dispose();
  }
}
// Several faces: the largest counts only when it clearly dominates (a bystander far behind).
function theFace(found) {
  if (found.length === 1) return found[0];
  if (found.length === 0) return null;
  const [first, second] = [...found].sort((a, b) => b.detection.box.area - a.detection.box.area);
  return first.detection.box.area >= workerData.dominantArea * second.detection.box.area ? first : null;
}
// Landmarks 0 and 16 are the jaw's ends, 30 the nose tip (the 68-point scheme).
function poseOf(face) {
  const points = face.landmarks.positions;
  const [left, right, nose] = [points[0], points[16], points[30]];
  return { yaw: (nose.x - left.x) / (right.x - left.x), smile: face.expressions.happy };
}
parentPort.on("message", async ({ id, width, height, rgb }) => {
  try {
    await ready;
    const input = faceapi.tf.tensor3d(rgb, [height, width, 3], "int32");
    try {
      const found = await detect(input, height, width);
      const chosen = theFace(found);
      const face = chosen ? await refine(input, chosen, height, width) : null;
      parentPort.postMessage({
        id,
        faces: found.length,
        descriptor: face ? face.descriptor : null,
        pose: face ? poseOf(face) : null,
      });
    } finally {
      input.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type WorkerReply = ({ id: number } & FaceReading) | { id: number; error: string };

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
      else waiting.resolve({ faces: reply.faces, descriptor: reply.descriptor, pose: reply.pose });
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
