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
  /** smtp://user:pass@host:port (smtps:// for TLS); unset: mail stays in the in-app outbox */
  smtpUrl?: string;
  /** the From address of outgoing mail, e.g. "Enzzo <no-reply@example.com>" */
  smtpFrom?: string;
  logLevel: string;
  seedDemo: boolean;
}

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
    uploadDir: env.UPLOAD_DIR ?? "./uploads",
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || undefined,
    logLevel: env.LOG_LEVEL ?? "info",
    seedDemo: env.SEED_DEMO !== "false",
  };
}
