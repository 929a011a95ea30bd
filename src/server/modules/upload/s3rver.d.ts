/** The part of s3rver (an S3-compatible server, dev dependency) the upload tests use; it ships no types. */
declare module "s3rver" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets without starting a server. */
    configureBuckets(): Promise<void>;
    /** The request handler, for http.createServer. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    reset(): void;
    logger: { close(): void };
  }
}
