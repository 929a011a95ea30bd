/** Every environment variable the server reads (the README's table lists them). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  baseDomain: string;
  superAdminToken?: string;
  sessionTtlSeconds: number;
  publicUrl?: string;
  uploadDir: string;
  /** S3-compatible storage for uploads (S3_*); unset: files go to uploadDir */
  s3?: S3Config;
  /** smtp://user:pass@host:port (smtps:// for TLS); unset: mail stays in the in-app outbox */
  smtpUrl?: string;
  /** the From address of outgoing mail, e.g. "Enzzo <no-reply@example.com>" */
  smtpFrom?: string;
  logLevel: string;
  seedDemo: boolean;
  /** DEMO_SAMPLE_MONTH=false: the demo tenant starts without its month of sample sales and books (e2e) */
  demoSampleMonth: boolean;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For is believed for the client's address (Fastify's
   * trustProxy: 'true', a hop count, or addresses/CIDRs separated by commas). Unset: none, the
   * socket's address is the client's (a forged header never gives fresh sign-in attempts).
   */
  trustProxy?: boolean | number | string[];
  /** SHOP_PAGE_CACHE_SECONDS: how long a rendered shop page is reused (default 5; 0: never). Any write of the tenant ends it sooner. */
  shopPageCacheSeconds: number;
}

/** Where uploads go when S3-compatible storage is configured (path-style addressing). */
export interface S3Config {
  /** e.g. https://s3.us-east-1.amazonaws.com, http://minio:9000, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** public base of the stored objects (CDN or bucket domain); unset: {endpoint}/{bucket} */
  publicUrl?: string;
}

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_OPTIONAL = ["S3_REGION", "S3_PUBLIC_URL"] as const;

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  if (url.username || url.password) throw new Error(`${name} must not contain credentials; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`);
  return value.replace(/\/+$/, "");
}

/**
 * S3 settings when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are all set;
 * none of the S3_* variables set: undefined (uploads stay in UPLOAD_DIR). Anything in between is
 * refused, so a typo never silently sends uploads to the local folder.
 */
export function loadS3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const present = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => value(name));
  if (present.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => !value(name));
  if (missing.length > 0) {
    throw new Error(
      `Incomplete S3 configuration: ${present.join(", ")} ${present.length === 1 ? "is" : "are"} set but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not. ` +
        `Set ${S3_REQUIRED.join(", ")} to store uploads in S3-compatible storage, or unset every S3_* variable to keep them in UPLOAD_DIR.`,
    );
  }
  const bucket = value("S3_BUCKET")!;
  if (bucket.includes("/")) throw new Error(`S3_BUCKET must be a bucket name without "/", got "${bucket}"`);
  const publicUrl = value("S3_PUBLIC_URL");
  return {
    endpoint: httpUrl("S3_ENDPOINT", value("S3_ENDPOINT")!),
    bucket,
    region: value("S3_REGION") ?? "us-east-1",
    accessKeyId: value("S3_ACCESS_KEY_ID")!,
    secretAccessKey: value("S3_SECRET_ACCESS_KEY")!,
    publicUrl: publicUrl ? httpUrl("S3_PUBLIC_URL", publicUrl) : undefined,
  };
}

/** Reads the environment; throws with a clear message on an incomplete S3 configuration. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "0.0.0.0",
    dataDir: env.DATA_DIR ?? "./data",
    databaseUrl: env.DATABASE_URL || undefined,
    baseDomain: env.BASE_DOMAIN ?? "localhost",
    superAdminToken: env.SUPERADMIN_TOKEN || undefined,
    sessionTtlSeconds: Number(env.SESSION_TTL_SECONDS ?? 7 * 24 * 3600),
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    uploadDir: env.UPLOAD_DIR ?? "./uploads",
    s3: loadS3Config(env),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || undefined,
    logLevel: env.LOG_LEVEL ?? "info",
    seedDemo: env.SEED_DEMO !== "false",
    demoSampleMonth: env.DEMO_SAMPLE_MONTH !== "false",
    shopPageCacheSeconds: nonNegative("SHOP_PAGE_CACHE_SECONDS", env.SHOP_PAGE_CACHE_SECONDS, 5),
  };
}

/** A whole number of at least 0, or `fallback` when unset; anything else is refused with its name. */
function nonNegative(name: string, value: string | undefined, fallback: number): number {
  const v = value?.trim();
  if (!v) return fallback;
  if (!/^\d+$/.test(v)) throw new Error(`${name} must be a whole number of seconds (0 or more), got "${value}"`);
  return Number(v);
}

/** TRUST_PROXY as Fastify takes it: 'true', a hop count, or a list of addresses and CIDRs. */
export function trustProxyOf(value: string | undefined): boolean | number | string[] | undefined {
  const v = value?.trim();
  if (!v || v === "false") return undefined;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
}
