import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const fromRoot = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig(({ command }) => ({
  // The local R2 stand-in (workers/local-r2/) is in the dev server and in builds made to run here
  // (LOCAL_BUILD=1, scripts/built-worker.ts), never in `npm run build`, which deploys.
  define: { __LOCAL_R2_STAND_IN__: JSON.stringify(command === "serve" || process.env.LOCAL_BUILD === "1") },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, persistState: { path: ".data/wrangler" } }), tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: "~", replacement: fromRoot("./app") },
      // React Router's exports map names only its development build (its issue 14102), whose extra
      // checks and warnings cost server CPU on every render (decision record 21). Builds take the
      // production one; the dev server keeps the development build it expects.
      ...(command === "build"
        ? [
            { find: /^react-router$/, replacement: fromRoot("./node_modules/react-router/dist/production/index.mjs") },
            { find: /^react-router\/dom$/, replacement: fromRoot("./node_modules/react-router/dist/production/dom-export.mjs") },
          ]
        : []),
    ],
  },
  build: {
    // Terser squeezes a few more kilobytes out of React than esbuild: Home's JavaScript budget is tight.
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // `npm run profile` builds with source maps, so a CPU profile names our functions and the packages'.
    sourcemap: process.env.BUILD_SOURCEMAPS === "1",
  },
  environments: {
    // The Worker is one bundle, so a page's lazy import (Home's recently viewed) splits nothing there
    // and Rolldown says so at every build; the browser's build, where the split matters, keeps the check.
    ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
  },
}));
