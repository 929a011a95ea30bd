import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/**
 * The public site's build (issue 19): the shop's and the marketing pages' client entries, apart
 * from the back office so they share none of its chunks (their JavaScript stays under 100 KB
 * gzip). Written into the same folder as the back office's build (run after it by
 * vite.config.ts), with its own manifest that src/server/public-site/assets.ts reads.
 */
export default defineConfig({
  root: "src/web/public-site",
  plugins: [react(), tailwindcss(), compression({ include: /\.(js|css|svg)$/, threshold: 1024, algorithms: ["brotliCompress", "gzip"], logLevel: "silent" })],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: false,
    manifest: ".vite/public-manifest.json",
    rolldownOptions: {
      input: {
        shop: path.resolve(import.meta.dirname, "src/web/public-site/shop-client.ts"),
        marketing: path.resolve(import.meta.dirname, "src/web/public-site/marketing-client.ts"),
      },
    },
  },
});
