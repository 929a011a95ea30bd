/**
 * The server's entry point (npm start). React, which renders the public pages on the server, reads
 * NODE_ENV once when it is first loaded: without it, every page would pay for its development
 * checks (about three times the time). So production is the default, set before anything is
 * imported; `npm run dev` sets development.
 */
process.env.NODE_ENV ??= "production";
await import("./serve");

export {};
