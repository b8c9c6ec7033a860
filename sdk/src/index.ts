/** likeness SDK: typed client for the generation API v2 and the clone API v1. */
export const SDK_VERSION = '0.1.0';
