import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

/** After the back office's build, the public site's (vite.public.config.ts) into the same folder. */
const publicSiteBuild: Plugin = {
  name: "enzzo-public-site",
  apply: "build",
  async closeBundle() {
    await build({ configFile: path.resolve(import.meta.dirname, "vite.public.config.ts"), logLevel: "warn" });
  },
};

export default defineConfig({
  root: "src/web",
  plugins: [
    react(),
    tailwindcss(),
    publicSiteBuild,
    // Every hashed JS and CSS file also as .br (brotli 11) and .gz (gzip 9) beside it, once at build
    // time; the server sends the one the browser accepts (@fastify/static preCompressed).
    compression({ include: /\.(js|css|svg)$/, threshold: 1024, algorithms: ["brotliCompress", "gzip"], logLevel: "silent" }),
  ],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : "../../dist/web",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: the server reads which chunks a screen needs, to preload them (src/server/web.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every module used by more than one chunk (the shell and the pages: libraries, schemas,
            // formatters, dialogs, icons) in one file. Left to itself the bundler made a chunk per
            // shared module: the POS needed 30 requests, slower than one big file even on localhost.
            // Recharts and what only it uses: its own chunk, fetched by the dashboard, the reports and
            // the sellers' report when they draw (never by the shell or the POS). Its dependencies
            // shared with the app (React…) stay where they were.
            { name: "charts", test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|@reduxjs|redux|react-redux|redux-thunk|reselect|internmap|immer|es-toolkit|eventemitter3|tiny-invariant)[\\/]/, priority: 2, includeDependenciesRecursively: false },
            // The legal documents' rich-text editor (TipTap on ProseMirror) with our component around it:
            // its own chunk, fetched by the document and template screens only. The component goes with
            // it, or the common chunk would import the editor's chunk, which imports common (a cycle).
            { name: "editor", test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]|src[\\/]web[\\/]features[\\/]legal[\\/]editor[\\/]/, priority: 2, includeDependenciesRecursively: false },
            { name: "common", minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/uploads": "http://127.0.0.1:3000" },
  },
});
