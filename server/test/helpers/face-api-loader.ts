import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/* ----------------------------------------------------------------------------------------------
 * face-api (68 landmarks) on the TensorFlow.js WASM backend, loaded once per process.
 * -------------------------------------------------------------------------------------------- */

export interface Point {
  x: number;
  y: number;
}
export interface FaceFound {
  detection: { box: { x: number; y: number; width: number; height: number }; score: number };
  landmarks: { positions: Point[] };
}
interface Detection<T> {
  withFaceLandmarks(): Promise<T>;
}
export interface FaceApi {
  tf: {
    setWasmPaths(dir: string): void;
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
  };
  nets: Record<
    'ssdMobilenetv1' | 'tinyFaceDetector' | 'faceLandmark68Net',
    { loadFromDisk(dir: string): Promise<void> }
  >;
  SsdMobilenetv1Options: new (o: { minConfidence: number }) => object;
  TinyFaceDetectorOptions: new (o: { inputSize: number; scoreThreshold: number }) => object;
  detectAllFaces(input: unknown, options: object): Detection<FaceFound[]>;
  detectSingleFace(input: unknown, options: object): Detection<FaceFound | undefined>;
}

type Tf = typeof import('@tensorflow/tfjs-core');
let loading: Promise<FaceApi> | null = null;

/**
 * face-api's Node WASM build requires the umbrella `@tensorflow/tfjs` package, which is not
 * installed (the server depends on tfjs-core, -converter and -backend-wasm only). The build is run
 * with a `require` that answers tfjs-core for it; tfjs-core alone lacks the chained tensor methods
 * (`t.as3D()`…) that the umbrella package registers, so the few face-api calls are added here.
 */
export function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const req = createRequire(import.meta.url);
    const file = req.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js');
    const fromFaceApi = createRequire(file);
    const tf = fromFaceApi('@tensorflow/tfjs-core') as Tf;
    const proto = tf.Tensor.prototype as unknown as Record<string, unknown>;
    const chained: Record<string, (this: InstanceType<Tf['Tensor']>, ...a: number[]) => unknown> = {
      as1D() {
        return tf.reshape(this, [this.size]);
      },
      as2D(a, b) {
        return tf.reshape(this, [a!, b!]);
      },
      as3D(a, b, c) {
        return tf.reshape(this, [a!, b!, c!]);
      },
      as4D(a, b, c, d) {
        return tf.reshape(this, [a!, b!, c!, d!]);
      },
      toFloat() {
        return tf.cast(this, 'float32');
      },
    };
    const unary = ['add', 'sub', 'mul', 'div', 'reshape', 'expandDims', 'squeeze', 'slice', 'cast'] as const;
    for (const name of unary) {
      const op = tf[name] as (x: unknown, ...a: unknown[]) => unknown;
      chained[name] = function (...a) {
        return op(this, ...a);
      };
    }
    for (const [name, fn] of Object.entries(chained)) if (!(name in proto)) proto[name] = fn;
    const module = { exports: {} as FaceApi };
    const params = ['require', 'module', 'exports', '__filename', '__dirname'];
    const run = vm.compileFunction(readFileSync(file, 'utf8'), params, { filename: file });
    const requireShim = (id: string) => (id === '@tensorflow/tfjs' ? tf : fromFaceApi(id));
    run(requireShim, module, module.exports, file, path.dirname(file));
    const api = module.exports;
    const wasmDir = path.dirname(fromFaceApi.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
    api.tf.setWasmPaths(`${path.join(wasmDir, 'dist')}/`);
    await api.tf.setBackend('wasm');
    await api.tf.ready();
    const models = path.join(path.dirname(file), '..', 'model');
    await api.nets.ssdMobilenetv1.loadFromDisk(models);
    await api.nets.tinyFaceDetector.loadFromDisk(models);
    await api.nets.faceLandmark68Net.loadFromDisk(models);
    return api;
  })();
  return loading;
}

/* ----------------------------------------------------------------------------------------------
 * Geometry and statistics (pure).
 * -------------------------------------------------------------------------------------------- */
