import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx", { id: "home-index" }),
    route("home", "routes/home.tsx"),
    route("blog", "routes/blog.tsx"),
    ...["about", "contact", "jobs", "press-kit"].map((slug) => route(slug, "routes/info.tsx", { id: `info-${slug}` })),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
