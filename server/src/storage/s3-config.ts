/** Where the S3 blob store lives: the S3_* environment variables, checked. */
export interface S3Config {
  bucket: string;
  region: string;
  /** Absent for AWS itself: the SDK derives the endpoint from the region. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's default credential chain (AWS_* variables, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

type S3Variable = (typeof S3_VARIABLES)[number];

export const DEFAULT_S3_REGION = 'us-east-1';

/** S3 refuses presigned URLs valid for more than 7 days. */
export const S3_MAX_PRESIGN_SEC = 7 * 24 * 3600;

// AWS's rules, widened to the legacy names (capitals, underscores) that old us-east-1 buckets have.
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Reads the S3_* variables. None set: null, blobs stay on local disk. S3_BUCKET set: S3 mode, and
 * every other value must be well formed. Anything else throws an Error that names the variable and
 * says what to set. A variable set to an empty string counts as unset (as `S3_ENDPOINT=` in an
 * env file means).
 */
export function parseS3Config(env: Record<string, string | undefined>): S3Config | null {
  const get = (name: S3Variable): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const present = S3_VARIABLES.filter((name) => get(name) !== undefined);
  if (present.length === 0) return null;

  const bucket = get('S3_BUCKET');
  if (bucket === undefined) {
    throw new Error(
      `S3_BUCKET is not set, but ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'}: set ` +
        'S3_BUCKET to the bucket name to keep blobs in S3, or unset the S3_* variables to keep them on local disk',
    );
  }
  if (!BUCKET.test(bucket)) {
    throw new Error(
      'S3_BUCKET must be a bucket name alone (3-63 letters, digits, dots or hyphens, no s3:// or path), ' +
        `like likeness-blobs; got '${bucket}'`,
    );
  }

  const region = get('S3_REGION') ?? DEFAULT_S3_REGION;
  if (!REGION.test(region)) {
    throw new Error(
      `S3_REGION must be a region name like eu-west-1 (or auto for Cloudflare R2); got '${region}'`,
    );
  }

  const endpoint = parseEndpoint(get('S3_ENDPOINT'));
  const forcePathStyle =
    parseBoolean('S3_FORCE_PATH_STYLE', get('S3_FORCE_PATH_STYLE')) ?? defaultPathStyle(endpoint);

  const accessKeyId = get('S3_ACCESS_KEY_ID');
  const secretAccessKey = get('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    const missing = accessKeyId === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    const other = accessKeyId === undefined ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new Error(
      `${missing} is not set, but ${other} is: set both, or neither to use the AWS SDK's default ` +
        'credentials (AWS_* variables, profile, instance role)',
    );
  }

  return {
    bucket,
    region,
    ...(endpoint !== undefined && { endpoint }),
    forcePathStyle,
    ...(accessKeyId !== undefined &&
      secretAccessKey !== undefined && {
        credentials: { accessKeyId, secretAccessKey },
      }),
  };
}

/** An http(s) origin, returned without a trailing slash. */
function parseEndpoint(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const expected = `S3_ENDPOINT must be an http(s) URL like https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${expected}; got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${expected}; got '${raw}'`);
  if (url.username !== '' || url.password !== '') {
    throw new Error(
      'S3_ENDPOINT must not carry credentials; set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY instead',
    );
  }
  // The bucket goes in the path (path style) or the host name: a path of the endpoint's own would
  // be dropped or misread by the SDK, so it is refused rather than silently ignored.
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new Error(`${expected}, without a path or query (the bucket goes in S3_BUCKET); got '${raw}'`);
  }
  return url.origin;
}

function parseBoolean(name: S3Variable, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  const v = raw.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new Error(`${name} must be true, false, 1 or 0; got '${raw}'`);
}

/**
 * AWS wants virtual-hosted style (`<bucket>.s3.<region>.amazonaws.com`) and is retiring path style.
 * Self-hosted stores (MinIO, Ceph, Garage, s3rver) and any endpoint given as an IP address only
 * work with path style (`<endpoint>/<bucket>/<key>`) unless a wildcard DNS name is set up, so a
 * non-AWS endpoint defaults to it.
 */
function defaultPathStyle(endpoint: string | undefined): boolean {
  if (endpoint === undefined) return false;
  const host = new URL(endpoint).hostname;
  return !(host === 'amazonaws.com' || host.endsWith('.amazonaws.com'));
}
