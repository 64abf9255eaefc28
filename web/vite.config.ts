import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { webRoutes } from "./src/lib/handler-pages";

/** Writes dist/web-routes.json: the pages the app has, for the server's 404s (src/lib/handler-pages.ts). */
function webRoutesFile(projectId: string): Plugin {
  return {
    name: "gatehouse-web-routes",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "web-routes.json", source: `${JSON.stringify(webRoutes(projectId), null, 2)}\n` });
    },
  };
}

// The server serves dist/ itself (assets under /assets, index.html for the app's pages),
// so assets must load from the site root. In `npm run dev -w web` the API is proxied.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, "VITE_");
  return {
    base: "/",
    plugins: [
      // Lingui's macros turn the English written in the code into message ids at build time;
      // its plugin compiles a language's catalog when the app imports it.
      react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
      lingui({ failOnMissing: true, failOnCompileError: true }),
      webRoutesFile(env.VITE_GATEHOUSE_PROJECT_ID || "internal"),
      // Brotli and gzip copies beside each asset, made once at build time at the highest levels,
      // which the server sends to browsers that accept them (serveStatic's precompressed).
      compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|json)$/, threshold: 1024 }),
    ],
    build: {
      outDir: "dist",
      emptyOutDir: true,
      // Code splitting left the dashboard's first page in 35 files, many under 1 KiB (one per icon
      // or hook); a phone fetches six at a time over HTTP/1.1. Rollup merges side-effect-free
      // chunks under this size into a chunk loaded under the same conditions. Larger limits merge
      // more into the first download: at 20 KB the sign-in page grew by 4 KiB for no gain here.
      rollupOptions: { output: { experimentalMinChunkSize: 4_000 } },
    },
    server: { proxy: { "/api": "http://localhost:8102" } },
  };
});
