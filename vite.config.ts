import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, persistState: { path: ".data/wrangler" } }), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Terser squeezes a few more kilobytes out of React than esbuild: Home's JavaScript budget is tight.
  build: { minify: "terser", terserOptions: { compress: { passes: 2 }, format: { comments: false } } },
});
