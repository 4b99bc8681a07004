// Jest's node environment, with the typed-array constructors of Node's own realm, as Jest
// already does for ArrayBuffer and Uint8Array (for Buffer's sake).
//
// Why: onnxruntime-node's native addon is loaded once per process and keeps the Tensor class of
// the first test file that loaded it; that class checks its data with `instanceof Float32Array`.
// Every Jest test file has a realm of its own, so from the second file on the Silero VAD's
// tensors were refused ("A float32 tensor's data must be type of function Float32Array()").
// Under `node dist/main.js` there is one realm and no such problem.
import { TestEnvironment } from 'jest-environment-node';

const TYPED_ARRAYS = [
  'Int8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

export default class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}
