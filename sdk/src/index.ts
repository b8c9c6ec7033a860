/**
 * likeness SDK: a typed client for the generation API v2 and the clone API v1, the upload helper,
 * waitForTask and verifyCallback. This entry point uses only fetch and Web Crypto, so it bundles for
 * browsers; in Node the package's "node" entry (node.ts) adds uploads from a path.
 */
export const SDK_VERSION = '0.1.0';

export { LikenessClient, createClient, type CallOptions, type ClientOptions } from './client.js';
export {
  AuthenticationError,
  ClientCode,
  CloneCode,
  InsufficientCreditsError,
  InvalidParameterError,
  LikenessError,
  LimitError,
  MediaError,
  NetworkError,
  NotFoundError,
  PlanRequiredError,
  ServerError,
  SvcCode,
  TaskFailedError,
  TaskTimeoutError,
  type ApiFamily,
} from './errors.js';
export {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyCallback,
  type AvatarCallback,
  type CallbackBody,
  type HeadersLike,
  type VerifyOptions,
  type VoiceCallback,
  type WorkCallback,
} from './callback.js';
export {
  DURATION_HEAD_BYTES,
  describeDuration,
  formatSeconds,
  measureDuration,
  mediaDurationSec,
} from './duration.js';
export { DEFAULT_RETRY, backoffDelay, type RetryOptions, type TransportOptions } from './transport.js';
export {
  setFileOpener,
  type FileOpener,
  type UploadOptions,
  type UploadResult,
  type UploadSource,
} from './upload.js';
export { type TaskProgress, type WaitOptions } from './wait.js';
export { TEST_TOKEN_PREFIX, TestOutcome, TestPrefer, isTestToken, type CallbackFault } from './test-mode.js';
export * from './types.js';
