import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The server serves dist/ itself (assets under /assets, index.html for every other page),
// so assets must load from the site root. In `npm run dev -w web` the API is proxied.
export default defineConfig({
  base: "/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
  server: { proxy: { "/api": "http://localhost:8102" } },
});
